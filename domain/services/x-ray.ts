import { bookingPath } from "../paths";
import { BRING } from "../visit-words";
import { h2, link, note, p, strong, ul, type ServicePageContent } from "./content";

export const xRayPage: ServicePageContent = {
  layout: "article",
  description:
    "X-ray examinations in Gaborone: what a plain X-ray is, the referral form you need, the small radiation dose in context, and what to expect.",
  keywords: ["X-ray", "plain X-ray", "chest X-ray", "radiography", "referral form", "Gaborone"],
  closing: true,
  body: [
    h2("What is an X-ray?"),
    p(
      "An X-ray is a quick, painless test that makes pictures of the inside of your body using a small amount of radiation. It is often used to look at bones and joints, the chest and lungs, and the abdomen.",
    ),

    h2("Plain X-ray"),
    p(
      "A plain X-ray is the most common kind of X-ray. It needs no injection or dye. A radiographer helps you into the right position, standing, sitting or lying down. You keep still for a few seconds while each picture is taken. Most plain X-rays take only a few minutes.",
    ),

    h2("How to prepare"),
    ul(
      [
        strong("You need a referral form from your doctor."),
        " Bring it with you, or upload it when you",
        " ",
        link(bookingPath("x-ray"), "book your appointment online"),
        ". Doctors can download our form from the",
        " ",
        link("/for-referrers", "For Referrers page"),
        ".",
      ],
      "You may be asked to remove jewellery, and clothing with metal (zips, buttons, underwire) near the area being X-rayed. A gown may be provided.",
      BRING,
    ),

    h2("Risks"),
    p(
      "X-rays use radiation. The dose from a plain X-ray is small, and it is kept as low as possible for the pictures your doctor needs. Your doctor asks for an X-ray when the benefit of the result outweighs this small risk.",
    ),
    note("Pregnancy", p(strong("If you are, or may be, pregnant, tell the radiographer before your X-ray."))),

    h2("The dose in context"),
    p(
      "We are all exposed to natural background radiation every day, from the ground, the air and space. About 38 chest X-rays give the same dose as one year of natural background radiation. So one chest X-ray is roughly equal to 10 days of everyday life.",
    ),
  ],
};
