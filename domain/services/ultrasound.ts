import { FAST_HOURS } from "../preparation";
import { ARRIVE_EARLY } from "../visit-words";
import { h2, p, strong, ul, type ServicePageContent } from "./content";

export const ultrasoundPage: ServicePageContent = {
  layout: "article",
  description:
    "Ultrasound scans in Gaborone: what an ultrasound is, how to prepare for your body part, how long each scan takes and what happens afterwards.",
  keywords: [
    "ultrasound",
    "sonar scan",
    "abdominal ultrasound",
    "pelvic ultrasound",
    "ultrasound preparation",
    "Gaborone",
  ],
  closing: true,
  body: [
    h2("What is an ultrasound scan?"),
    p(
      "An ultrasound scan uses high-frequency sound waves to make pictures of the inside of your body. A small handheld probe is moved over your skin, and the pictures appear on a screen straight away.",
    ),
    p(
      "Ultrasound does not use radiation. It is used to look at organs such as the liver, gallbladder, kidneys, bladder and thyroid, and at soft tissue.",
    ),

    h2("How to prepare"),
    p(
      "How you prepare depends on the part of your body being scanned. The points below are general guidance.",
      " ",
      strong("We will tell you exactly how to prepare when you book."),
    ),
    ul(
      [
        strong("Abdomen, liver and gallbladder:"),
        ` do not eat for about ${FAST_HOURS} hours before your scan. We will tell you what you may drink.`,
      ],
      [
        strong("Pelvis and kidneys (renal):"),
        " come with a full bladder. Drink water before your appointment and do not empty your bladder until after the scan.",
      ],
      [
        strong("Abdomen and pelvis together:"),
        ` follow both: no food for about ${FAST_HOURS} hours, and a full bladder.`,
      ],
      [
        strong("Most other scans"),
        " (for example thyroid, breast, scrotum, hernia, soft tissue and salivary glands): no special preparation is needed.",
      ],
    ),
    p("Wear comfortable clothing that is easy to move aside. You may be asked to change into a gown."),

    h2("During the scan"),
    ul(
      "You lie on a couch. A clear gel is put on your skin and the probe is moved over the area.",
      "The gel may feel cold. You may feel some pressure from the probe, but the scan should not hurt.",
      "You may be asked to hold your breath or to turn on your side for a moment.",
      "If anything is uncomfortable, tell the person doing your scan.",
    ),

    h2("How long does the scan take?"),
    p(`Most ultrasound scans take between 20 and 45 minutes. Please ${ARRIVE_EARLY} so there is time to check in.`),
    { type: "ultrasound-timings" },

    h2("After the examination"),
    ul(
      "The gel is wiped off, you get dressed and you can go home.",
      "You can eat, drink and go back to your usual activities straight away.",
    ),
  ],
};
