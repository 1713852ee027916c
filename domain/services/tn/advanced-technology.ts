import type { ServicePageContent } from "../content";

/**
 * Not written yet, as in English (docs/decisions/028-unfinished-content.md): the page says so and
 * claims nothing about the service.
 */
export const advancedTechnologyPage: ServicePageContent = {
  layout: "unfinished",
  description:
    "Thekenoloji e e tswetseng pele kwa kliniking ya rona ya ditshwantsho tsa go lemoga bolwetse kwa Gaborone: tsebe e ga e ise e kwalwe. Bona ditirelo tsotlhe tsa rona tsa ditshwantsho, kgotsa o leletse kliniki.",
  keywords: ["thekenoloji e e tswetseng pele", "ditshwantsho tsa go lemoga bolwetse", "Gaborone"],
};
