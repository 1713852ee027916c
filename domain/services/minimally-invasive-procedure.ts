import { h2, h3, ol, p, ul, type ServicePageContent } from "./content";

export const minimallyInvasivePage: ServicePageContent = {
  layout: "article",
  description:
    "Minimally invasive procedures in Gaborone: what an ultrasound-guided biopsy involves, how to prepare, aftercare and the benefits over open surgery.",
  keywords: [
    "ultrasound-guided biopsy",
    "needle biopsy",
    "minimally invasive procedure",
    "interventional radiology",
    "Gaborone",
  ],
  closing: true,
  body: [
    h2("What are minimally invasive procedures?"),
    p(
      "These are procedures done through a needle, guided by ultrasound pictures, instead of through an operation. The radiologist watches the needle on the screen the whole time.",
    ),

    h2("Ultrasound-guided biopsy"),
    p(
      "A biopsy takes a small sample of tissue, for example from a lump, so that it can be examined in a laboratory. The ultrasound pictures show the radiologist exactly where to place the needle.",
    ),
    h3("What happens"),
    ol(
      "The skin is cleaned and numbed with a local anaesthetic. You stay awake.",
      "The radiologist guides a thin needle to the area, watching it on the ultrasound screen.",
      "One or more small samples are taken. You may feel pressure, and hear a click.",
      "A small dressing is put on the skin.",
      "The samples go to a laboratory, and the results are sent to your doctor.",
    ),
    h3("Before your biopsy"),
    ul(
      "Tell us if you take medicines that thin the blood, or if you have a bleeding problem. Do not stop any medicine unless your doctor tells you to.",
      "Tell us about any allergies, including to local anaesthetic or plasters.",
    ),
    h3("Afterwards"),
    ul(
      "The area may be sore or bruised for a few days.",
      "Contact your doctor if the area keeps bleeding, becomes very swollen, red or hot, or if you get a fever.",
    ),

    h2("Benefits"),
    ul(
      "No operation: a needle is used instead of a cut.",
      "Usually only a local anaesthetic is needed.",
      "Usually no stitches, and only a very small mark.",
      "Most people go home the same day and recover quickly.",
      "Ultrasound uses no radiation and shows the needle as it moves, so it can be placed accurately.",
    ),
  ],
};
