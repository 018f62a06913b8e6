/** Defaults for the company details; staff override them in the admin settings (stored in the database). */
export const defaultSiteSettings = {
  companyName: "Unitrans Global Logistics",
  phone: "+231 77 700 1995",
  email: "info@unitransglobal.com",
  address: "Broad and Randell Street, Monrovia, Liberia",
  businessHours: [
    { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
    { days: "Saturday", hours: "10:00 AM - 2:00 PM" },
    { days: "Sunday", hours: "Closed" },
  ],
  social: {
    facebook: "",
    twitter: "",
    linkedin: "",
    instagram: "",
  },
  /** Monrovia keeps UTC all year (no daylight saving). */
  timeZone: "Africa/Monrovia",
};

export const foundingYear = 1995;

export const footerBlurb =
  "Your trusted partner for global logistics and freight forwarding services, delivering excellence since 1995.";
