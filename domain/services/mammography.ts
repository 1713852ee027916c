import { h2, link, note, p, strong, ul, type ServicePageContent } from "./content";

export const mammographyPage: ServicePageContent = {
  layout: "article",
  description:
    "Mammography in Gaborone: the difference between screening and diagnostic mammograms, general guidance on screening, and when to see a doctor.",
  keywords: ["mammography", "mammogram", "breast screening", "diagnostic mammogram", "women's imaging", "Gaborone"],
  closing: true,
  body: [
    h2("What is mammography?"),
    p(
      "A mammogram is a low-dose X-ray of the breast. Each breast is gently pressed between two flat plates for a few seconds while a picture is taken. The pressure can be uncomfortable, but it does not last long. Tell the radiographer if it hurts.",
    ),

    h2("Screening mammography"),
    p(
      "A screening mammogram is for women who have ",
      strong("no symptoms"),
      ". Its aim is to find breast cancer early, often before a lump can be felt, when treatment is more likely to work well.",
    ),

    h2("Diagnostic mammography"),
    p(
      "A diagnostic mammogram is for when you or your doctor have noticed a change, such as a lump, or to look more closely at something seen on a screening mammogram. It may include extra pictures, and a",
      " ",
      link("/services/breast-ultrasound", "breast ultrasound"),
      " may be done as well.",
    ),

    h2("Guidelines"),
    p(
      "Advice on screening differs between countries and organisations, and depends on your age, your family history and your health. The points below are general. ",
      strong("Ask your doctor what is right for you."),
    ),
    ul(
      "Many guidelines suggest regular screening mammograms for women from their 40s or 50s.",
      "If close relatives have had breast or ovarian cancer, your doctor may suggest starting earlier or having other tests.",
    ),
    note(
      "When to see a doctor",
      p(strong("See a doctor soon, whatever your age, if you notice:")),
      ul(
        "a new lump or thickening in the breast or armpit;",
        "a change in the size or shape of a breast;",
        "dimpling, puckering or redness of the skin;",
        "a nipple that has turned inwards, or discharge from the nipple;",
        "pain in the breast that does not go away.",
      ),
      p("Do not wait for a screening appointment."),
    ),

    h2("How to prepare"),
    ul(
      "On the day, do not put deodorant, powder or lotion on your breasts or under your arms. They can show on the pictures.",
      "Wear a top and skirt or trousers, so you only need to undress from the waist up.",
      "If your breasts are tender before your period, you may prefer to book for the week after it.",
      "Bring any earlier mammograms or reports you have.",
      "Tell us if you are, or may be, pregnant, or if you are breastfeeding.",
    ),
  ],
};
