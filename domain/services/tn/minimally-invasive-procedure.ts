import { h2, h3, ol, p, ul, type ServicePageContent } from "../content";

export const minimallyInvasivePage: ServicePageContent = {
  layout: "article",
  description:
    "Ditiragatso ka nale, kwa ntle ga karo, kwa Gaborone: se biopsy e e kaelwang ke ultrasound e se akaretsang, kafa o ka ipaakanyang ka teng, tlhokomelo morago le mesola ya yone go bapisiwa le karo.",
  keywords: [
    "biopsy e e kaelwang ke ultrasound",
    "biopsy ka nale",
    "tiragatso ka nale",
    "interventional radiology",
    "Gaborone",
  ],
  closing: true,
  body: [
    h2("Ditiragatso ka nale, kwa ntle ga karo, ke eng?"),
    p(
      "Tse ke ditiragatso tse di dirwang ka nale, di kaelwa ke ditshwantsho tsa ultrasound, go na le go dirwa ka karo. Ngaka ya radiology e leba nale mo sekirining ka nako yotlhe.",
    ),

    h2("Biopsy e e kaelwang ke ultrasound"),
    p(
      "Biopsy e tsaya sampole e nnye ya nama, ka sekai go tswa mo koteng, gore e tle e tlhatlhobiwe kwa laboratoring. Ditshwantsho tsa ultrasound di bontsha ngaka ya radiology sentle gore e tsenye nale kae.",
    ),
    h3("Se se diragalang"),
    ol(
      "Letlalo le a phepafadiwa mme le swa bogatsu ka molemo wa bogatsu (local anaesthetic). O nna o tsogile.",
      "Ngaka ya radiology e kaela nale e tshesane go ya kwa lefelong leo, e ntse e e leba mo sekirining sa ultrasound.",
      "Go tsewa sampole e le nngwe kgotsa di feta. O ka utlwa go gatelelwa, mme wa utlwa modumo o o reng 'klik'.",
      "Go tsenngwa sekgurumetso se sennye (dressing) mo letlalong.",
      "Disampole di romelwa kwa laboratoring, mme dipholo di romelwa kwa go ngaka ya gago.",
    ),
    h3("Pele ga biopsy ya gago"),
    ul(
      "Re bolelele fa o nwa melemo e e tshesefatsang madi, kgotsa fa o na le bothata jwa go tswa madi. O se ka wa emisa molemo ope fa ngaka ya gago e sa go bolelele go dira jalo.",
      "Re bolelele ka di-allergy dipe, go akaretsa tsa molemo wa bogatsu kgotsa tsa dipolasetara.",
    ),
    h3("Morago"),
    ul(
      "Lefelo leo le ka nna botlhoko kgotsa la fetoga mmala (bruise) malatsi a le mmalwa.",
      "Ikgolaganye le ngaka ya gago fa lefelo leo le tswelela go tswa madi, le ruruga thata, le nna khibidu kgotsa le le bothitho, kgotsa fa o nna le letshoroma.",
    ),

    h2("Mesola"),
    ul(
      "Ga go na karo: go dirisiwa nale go na le go sega.",
      "Gantsi go tlhokega fela molemo wa bogatsu wa lefelo leo.",
      "Gantsi ga go rokiwe, mme go sala fela letshwao le lennye thata.",
      "Bontsi jwa batho ba boela gae ka letsatsi leo mme ba fola ka bonako.",
      "Ultrasound ga e dirise mahasetsa mme e bontsha nale fa e ntse e tsamaya, ka jalo e ka tsenngwa fa e tshwanetseng go nna teng tota.",
    ),
  ],
};
