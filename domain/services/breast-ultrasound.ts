import { h2, link, p, ul, type ServicePageContent } from "./content";

export const breastUltrasoundPage: ServicePageContent = {
  layout: "article",
  description:
    "Breast ultrasound in Gaborone: a radiation-free scan of breast tissue. Its benefits, how to prepare and what happens after the examination.",
  keywords: ["breast ultrasound", "breast scan", "breast lump", "women's imaging", "Gaborone"],
  closing: true,
  body: [
    h2("What is a breast ultrasound?"),
    p(
      "A breast ultrasound uses sound waves to make pictures of the tissue inside your breast. It is often used to look more closely at a lump or a change you or your doctor have noticed, or alongside a",
      " ",
      link("/services/mammography", "mammogram"),
      ".",
    ),

    h2("Benefits"),
    ul(
      "It uses no radiation, so it can be done during pregnancy and while breastfeeding.",
      "It can show whether a lump is filled with fluid (a cyst) or is solid.",
      "It is useful for dense breast tissue, which can be harder to see on a mammogram.",
      "It does not hurt, and your breast is not squeezed.",
      [
        "If a sample is needed, ultrasound can guide the needle (see",
        " ",
        link("/services/minimally-invasive-procedure", "minimally invasive procedures"),
        ").",
      ],
    ),

    h2("How to prepare"),
    ul(
      "No special preparation is needed. You can eat and drink as usual.",
      "Wear a top and skirt or trousers, so you only need to undress from the waist up.",
      "Bring any earlier breast scans or reports you have.",
      "Tell us about any lump, pain or change you have noticed, and where it is.",
    ),

    h2("During the scan"),
    p(
      "You lie on your back with your arm raised above your head. A clear gel is put on your skin and a small probe is moved over the breast and armpit. You may feel some pressure. As an estimate, a scan of one breast takes about 30 minutes, and both breasts about 40 minutes.",
    ),

    h2("After the exam"),
    ul(
      "The gel is wiped off, you get dressed and you can go home.",
      "You can go back to your usual activities straight away.",
    ),
  ],
};
