import type { ServicePageContent } from "./content";

/** A placeholder page that shows only its label: the clinic has not described this service yet. */
export const advancedTechnologyPage: ServicePageContent = {
  layout: "label-only",
  description: "Advanced Technology at our diagnostic imaging clinic in Gaborone.",
  keywords: ["advanced technology", "diagnostic imaging", "Gaborone"],
};
