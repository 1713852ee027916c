import type { ServicePageContent } from "./content";

/**
 * The specification lists this page as a "placeholder that shows only a text label": the clinic
 * has not said what it covers. Its page says so, claims nothing (no equipment is named), and is
 * kept out of the sitemap and every list (docs/decisions/028-unfinished-content.md).
 */
export const advancedTechnologyPage: ServicePageContent = {
  layout: "unfinished",
  description:
    "Advanced Technology at our diagnostic imaging clinic in Gaborone: this page is not written yet. See all our imaging services, or call the clinic.",
  keywords: ["advanced technology", "diagnostic imaging", "Gaborone"],
};
