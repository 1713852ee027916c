import { h2, link, p, ul, type ServicePageContent } from "../content";

export const breastUltrasoundPage: ServicePageContent = {
  layout: "article",
  description:
    "Ultrasound ya mabele kwa Gaborone: scan ya nama ya mabele e e sa diriseng mahasetsa. Mesola ya yone, kafa o ka ipaakanyang ka teng le se se diragalang morago ga tlhatlhobo.",
  keywords: ["ultrasound ya mabele", "scan ya mabele", "kota mo lebeleng", "ditshwantsho tsa basadi", "Gaborone"],
  closing: true,
  body: [
    h2("Ultrasound ya mabele ke eng?"),
    p(
      "Ultrasound ya mabele e dirisa maqhubu a modumo go dira ditshwantsho tsa nama e e mo teng ga lebele la gago. Gantsi e dirisiwa go leba sentle kota kgotsa phetogo e wena kgotsa ngaka ya gago lo e lemogileng, kgotsa mmogo le",
      " ",
      link("/services/mammography", "mammogram"),
      ".",
    ),

    h2("Mesola"),
    ul(
      "Ga e dirise mahasetsa, ka jalo e ka dirwa ka nako ya boimana le fa o anyisa.",
      "E ka bontsha gore a kota e tletse seedi (cyst) kgotsa e thata.",
      "E na le mosola mo nameng ya mabele e e kitlaneng, e go ka nnang thata go e bona mo mammogram.",
      "Ga e utlwise botlhoko, mme lebele la gago ga le gatelelwe.",
      [
        "Fa go tlhokega sampole, ultrasound e ka kaela nale (bona",
        " ",
        link("/services/minimally-invasive-procedure", "ditiragatso ka nale, kwa ntle ga karo"),
        ").",
      ],
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    ul(
      "Ga go tlhokege go ipaakanya ka tsela epe e e kgethegileng. O ka ja le go nwa jaaka ka gale.",
      "Apara hempe le mosese kgotsa borokgwe, gore o tle o apole fela go simolola mo letshekeng go ya kwa godimo.",
      "Tla le di-scan dipe tsa mabele kgotsa dipegelo tse di fetileng tse o nang le tsone.",
      "Re bolelele ka kota epe, botlhoko kgotsa phetogo e o e lemogileng, le gore e kae.",
    ),

    h2("Ka nako ya scan"),
    p(
      "O robala ka mokwatla, letsogo la gago le tsholeditswe kwa godimo ga tlhogo. Jele e e phepa e tshelwa mo letlalong la gago mme sedirisiwa se sennye se tsamaisiwa mo lebeleng le mo kgwafing. O ka utlwa go gatelelwa go se kae. Ka kakanyo, scan ya lebele le le lengwe e tsaya metsotso e ka nna 30, mme ya mabele a mabedi metsotso e ka nna 40.",
    ),

    h2("Morago ga tlhatlhobo"),
    ul(
      "Jele e a phimolwa, o apara mme o ka boela gae.",
      "O ka boela mo ditirong tsa gago tsa ka gale ka yone nako eo.",
    ),
  ],
};
