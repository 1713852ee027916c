import { h2, note, p, strong, ul, type ServicePageContent } from "./content";

export const fluoroscopyPage: ServicePageContent = {
  layout: "article",
  description:
    "Fluoroscopy in Gaborone: a moving X-ray examination. Why it is done, how to prepare, risks including pregnancy and contrast allergy, and aftercare.",
  keywords: ["fluoroscopy", "contrast study", "barium swallow", "moving X-ray", "Gaborone"],
  closing: true,
  body: [
    h2("What is fluoroscopy?"),
    p(
      "Fluoroscopy is an X-ray examination that shows moving pictures on a screen, like a video. It lets the radiologist watch parts of your body as they work, for example as you swallow, or as liquid moves through the bowel or bladder.",
    ),
    p(
      "Many fluoroscopy examinations use a ",
      strong("contrast medium"),
      ": a liquid that shows up clearly on X-ray. Depending on the examination, you may drink it, or it may be given through a small tube or by injection.",
    ),

    h2("Why is it done?"),
    p("Your doctor may ask for fluoroscopy to:"),
    ul(
      "see how your throat, stomach or bowel is working, for example if you have trouble swallowing;",
      "look for a blockage, a narrowing or a leak;",
      "look at the bladder and the tubes that carry urine;",
      "guide a procedure, such as placing a needle or a tube in exactly the right place.",
    ),

    h2("How to prepare"),
    p(
      "Preparation depends on the examination. ",
      strong("We will tell you what to do when you book."),
      " For some examinations you may need to stop eating and drinking for a few hours beforehand.",
    ),
    ul(
      "Bring the referral form from your doctor.",
      "Tell us about any medicines you take and any allergies you have.",
      "You may be asked to change into a gown and to remove jewellery and anything made of metal.",
    ),

    h2("Risks"),
    p(
      "Fluoroscopy uses X-rays, so you receive a dose of radiation. The dose is kept as low as possible for the pictures your doctor needs.",
    ),
    note(
      "Tell us before your examination",
      ul(
        [
          strong("Pregnancy:"),
          " X-rays can harm an unborn baby. If you are, or may be, pregnant, tell our staff before the examination.",
        ],
        [
          strong("Allergy to contrast medium:"),
          " some people react to contrast medium (sometimes called dye). Tell us if you have ever had a reaction to it, or if you have other allergies or asthma.",
        ],
      ),
    ),

    h2("After the exam"),
    ul(
      "Most people can go home soon afterwards, and eat and drink as usual unless we tell you otherwise.",
      "If you drank a barium contrast, drink plenty of water for the next day or two. Your stools may look pale or white for a few days. This is expected.",
      "If you get a rash, itching, swelling, or difficulty breathing after the examination, get medical help straight away.",
    ),
  ],
};
