import { h2, note, p, strong, ul, type ServicePageContent } from "./content";

export const painManagementPage: ServicePageContent = {
  layout: "article",
  description:
    "Image-guided pain management in Gaborone: epidural steroid injections, facet joint injections, nerve blocks and radiofrequency ablation, explained plainly.",
  keywords: [
    "pain management",
    "epidural steroid injection",
    "facet joint injection",
    "nerve block",
    "radiofrequency ablation",
    "Gaborone",
  ],
  closing: true,
  body: [
    p(
      "Image-guided treatments can ease long-lasting pain, for example in the back, neck or joints. Imaging lets the doctor see where the needle is, so the medicine reaches the right spot. Your doctor will talk with you about which treatment may help.",
    ),

    h2("Epidural steroid injections"),
    p(
      "A steroid (a medicine that reduces inflammation), often with a local anaesthetic, is injected into the space around the nerves in your spine. It can ease pain caused by irritated nerves, such as pain that spreads from the back into the leg (sciatica), or from the neck into the arm.",
    ),

    h2("Facet joint injections"),
    p(
      "Facet joints are the small joints at the back of the spine that link the bones together. When they are inflamed or worn, they can cause back or neck pain. A local anaesthetic and a steroid are injected into or near the joint. This can ease the pain, and it can also show whether that joint is the cause of it.",
    ),

    h2("Nerve blocks"),
    p(
      "A nerve block is an injection of local anaesthetic, sometimes with a steroid, around a nerve or group of nerves. It stops the nerve sending pain signals for a while. It can relieve pain, and it can help find which nerve is causing it.",
    ),

    h2("Radiofrequency ablation"),
    p(
      "A special needle uses gentle heat, made by radio waves, to treat a small nerve that carries pain signals, so that it stops sending them. It is often used for back or neck pain after a nerve block has helped. The relief can last for months. The nerve can grow back, and the treatment can be repeated.",
    ),

    h2("What to expect"),
    ul(
      "The skin is numbed with a local anaesthetic. You may feel pressure during the injection.",
      "Steroids can take a few days to start working. Some people need more than one treatment.",
      "Ask us when you book whether you should arrange for someone to take you home.",
    ),
    note(
      "Tell us before your procedure",
      p(
        strong("Tell us before your procedure"),
        " if you take medicines that thin the blood, have diabetes (steroids can raise blood sugar), have an infection or fever, have allergies, or are, or may be, pregnant.",
      ),
    ),
  ],
};
