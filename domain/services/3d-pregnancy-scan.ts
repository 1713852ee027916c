import { h2, note, ol, p, strong, ul, type ServicePageContent } from "./content";

export const pregnancy3dPage: ServicePageContent = {
  layout: "article",
  description:
    "3D pregnancy scans in Gaborone: three-dimensional ultrasound pictures of your baby. The benefits, how to prepare and what happens during the scan.",
  keywords: ["3D pregnancy scan", "3D baby scan", "pregnancy ultrasound", "women's imaging", "Gaborone"],
  closing: true,
  body: [
    h2("What is a 3D pregnancy scan?"),
    p(
      "A 3D pregnancy scan is an ultrasound scan that puts many pictures together to show your baby in three dimensions. Like every ultrasound, it uses sound waves, not radiation.",
    ),

    h2("Benefits"),
    ul(
      "You can see your baby's face and features in more detail than on a standard (2D) scan.",
      "It is a chance for you, and anyone you bring, to see your baby and feel closer to them.",
      "It uses no radiation.",
    ),
    note(
      "Routine care",
      p("A 3D scan does not replace the routine pregnancy scans and check-ups your doctor or midwife recommends."),
    ),

    h2("The process"),
    ol(
      [strong("Book:"), " ask us when you book about the best stage of your pregnancy for a 3D scan."],
      [
        strong("Prepare:"),
        " wear clothing that lets you uncover your tummy easily. Bring your referral form if your doctor has given you one.",
      ],
      [
        strong("The scan:"),
        " you lie on your back, a clear gel is put on your tummy, and a probe is moved gently over it. It does not hurt.",
      ],
      [
        strong("The pictures:"),
        " how clear they are depends on your baby's position, the amount of fluid around the baby and the stage of pregnancy. Sometimes the baby is facing away and clear pictures are not possible.",
      ],
      [strong("Afterwards:"), " the gel is wiped off and you can go home and carry on as usual."],
    ),
  ],
};
