import { h2, note, p, strong, ul, type ServicePageContent } from "./content";

export const boneDensitometryPage: ServicePageContent = {
  layout: "article",
  description:
    "Bone densitometry (DEXA scan) in Gaborone: what it measures, what happens, how to prepare (stop calcium supplements 24 to 48 hours before) and the risks.",
  keywords: ["DEXA scan", "DXA", "bone densitometry", "bone density", "osteoporosis", "Gaborone"],
  closing: true,
  body: [
    h2("What is a DEXA scan?"),
    p(
      "Bone densitometry, also called a DEXA scan, measures how dense and strong your bones are. DEXA stands for dual-energy X-ray absorptiometry: the scan uses two very low-dose X-ray beams.",
    ),
    p(
      "It helps your doctor to find osteoporosis (thinning of the bones), to judge your risk of breaking a bone, and to see how well any treatment is working.",
    ),

    h2("What happens during the scan"),
    ul(
      "You lie on your back on a padded table. If your clothes have no metal, you can usually keep them on.",
      "A scanning arm passes slowly over your body, usually over your lower back and hip. It does not touch you, and the scan does not hurt.",
      "You need to lie still while the pictures are taken. The scan is usually quick.",
    ),

    h2("How to prepare"),
    ul(
      [
        strong("Stop taking calcium supplements 24 to 48 hours before your scan."),
        " Keep taking your other medicines unless your doctor tells you otherwise.",
      ],
      "Wear comfortable clothing with no metal: no zips, buckles, metal buttons or underwire.",
      "Remove jewellery before the scan, or leave it at home.",
    ),

    h2("Risks"),
    p("The radiation dose from a DEXA scan is very low."),
    note(
      "Tell us before your scan",
      ul(strong("If you are, or may be, pregnant."), [
        strong("If you have recently had a barium examination, or a scan or X-ray with contrast medium (dye)."),
        " ",
        "It can affect the results, so your DEXA scan may need to wait a few days.",
      ]),
    ),

    h2("Extra information"),
    ul(
      "If you have had a DEXA scan before, tell us where and when, and bring the results if you have them. Your new results can then be compared with the old ones.",
      "Tell us if you have had an operation on your spine or hips, or have metal implants there.",
      "Results are usually given as a T-score (your bone density compared with a healthy young adult) and a Z-score (compared with people of your age). Your doctor will explain what they mean for you.",
    ),

    h2("After the exam"),
    ul(
      "You can go home and carry on with your day straight away.",
      "You can start taking your calcium supplements again.",
    ),
  ],
};
