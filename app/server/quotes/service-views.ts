// What the public services pages show (app/components/site/services), as their loaders give them: types only.
import type { AdditionalService, Service } from "#app/content/services.ts";
import type { PhoneCountryChoices } from "#app/lib/phone-countries.ts";

/** /services: the page's headings, each service's card, the additional services, and the inquiry form's start. */
export type ServicesPageData = {
  submissionKey: string;
  page: { title: string; intro: string; additionalTitle: string; additionalIntro: string };
  services: Pick<Service, "id" | "title" | "icon" | "image" | "summary" | "bullets">[];
  additionalServices: AdditionalService[];
  phoneCountries: PhoneCountryChoices;
};

/** /services/:serviceId: one service, and links to the others. */
export type ServicePageData = {
  service: Service;
  others: Pick<Service, "id" | "title" | "icon">[];
};
