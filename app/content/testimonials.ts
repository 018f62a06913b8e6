export type Testimonial = {
  name: string;
  role: string;
  company: string;
  /** URL of a round avatar photo; initials show until it has loaded. */
  image: string;
  text: string;
  /** Stars out of 5. */
  rating: number;
};

export const testimonialsSection = {
  title: "What Our Customers Say",
  intro:
    "Don't just take our word for it. Here's what our clients have to say about our logistics services and customer support.",
  previous: "Previous testimonial",
  next: "Next testimonial",
  pause: "Pause automatic rotation",
  play: "Start automatic rotation",
};

/** Time each testimonial stays on screen while the carousel plays by itself. */
export const testimonialAutoplayMs = 5000;

export const testimonials: Testimonial[] = [
  {
    name: "Musu Flomo",
    role: "Procurement Manager",
    company: "Kpatawee Agro Exports",
    image: "/images/home/testimonial-musu-flomo.svg",
    text: "Our cocoa and coffee containers reach Antwerp on schedule every season. The team handles the paperwork at the Freeport so we can focus on our farmers.",
    rating: 5,
  },
  {
    name: "Adebayo Okonkwo",
    role: "Supply Chain Lead",
    company: "Lagos Pharma Distributors",
    image: "/images/home/testimonial-adebayo-okonkwo.svg",
    text: "Temperature-sensitive medicines need a partner who answers the phone at midnight. This team has never let a shipment of ours sit on a hot tarmac.",
    rating: 5,
  },
  {
    name: "Grace Togba",
    role: "Owner",
    company: "Mamba Point Interiors",
    image: "/images/home/testimonial-grace-togba.svg",
    text: "I import furniture from Turkey and China a few times a year. They consolidate my orders, clear customs and deliver to my showroom without any surprises on the invoice.",
    rating: 5,
  },
  {
    name: "Ibrahim Sesay",
    role: "Logistics Coordinator",
    company: "Freetown Mining Supplies",
    image: "/images/home/testimonial-ibrahim-sesay.svg",
    text: "Moving heavy machinery across the border used to take weeks. Their road transport team planned the route, the permits and the escorts in a few days.",
    rating: 5,
  },
  {
    name: "Akosua Boateng",
    role: "Import Manager",
    company: "Accra Home Electronics",
    image: "/images/home/testimonial-akosua-boateng.svg",
    text: "The online tracking is accurate and the customer support team replies quickly. Our stores always know exactly when new stock will arrive.",
    rating: 5,
  },
  {
    name: "Moses Dolo",
    role: "Operations Manager",
    company: "Bong Rubber Cooperative",
    image: "/images/home/testimonial-moses-dolo.svg",
    text: "From warehousing in Monrovia to sea freight to the United States, one contact person handles everything. That saves us time and money every month.",
    rating: 5,
  },
  {
    name: "Aissata Camara",
    role: "Director",
    company: "Conakry Medical Supplies",
    image: "/images/home/testimonial-aissata-camara.svg",
    text: "When we needed urgent air freight for hospital equipment, they found space on the next flight and kept us updated at every step.",
    rating: 5,
  },
];
