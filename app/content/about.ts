export const aboutPage = {
  meta: {
    title: "About Us",
    description:
      "Our mission, vision and history: a freight-forwarding company in Monrovia, Liberia, delivering excellence in global logistics since 1995.",
  },
  hero: {
    title: "About Us",
    text: "We are a freight-forwarding company based in Monrovia, Liberia, connecting West African businesses to markets around the world by air, sea and road.",
  },
  mission: {
    title: "Our Mission",
    text: "To deliver reliable, transparent and affordable logistics services that help our customers trade with confidence, handling every shipment as if it were our own.",
  },
  vision: {
    title: "Our Vision",
    text: "To be West Africa's most trusted gateway to global trade, known for people who care, routes that work and technology that keeps customers informed.",
  },
  video: {
    title: "Our Story",
    intro: "See how we move cargo across the world, from the Freeport of Monrovia to your door.",
    play: "Play our story video",
    placeholder: "Video coming soon. Our company story video will be shown here.",
    close: "Close",
  },
};
