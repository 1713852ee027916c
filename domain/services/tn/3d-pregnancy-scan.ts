import { h2, note, ol, p, strong, ul, type ServicePageContent } from "../content";

export const pregnancy3dPage: ServicePageContent = {
  layout: "article",
  description:
    "3D scan ya boimana kwa Gaborone: ditshwantsho tsa ultrasound tsa ngwana wa gago tsa mahakore a mararo. Mesola, kafa o ka ipaakanyang ka teng le se se diragalang ka nako ya scan.",
  keywords: ["3D scan ya boimana", "3D scan ya lesea", "ultrasound ya boimana", "ditshwantsho tsa basadi", "Gaborone"],
  closing: true,
  body: [
    h2("3D scan ya boimana ke eng?"),
    p(
      "3D scan ya boimana ke scan ya ultrasound e e kopanyang ditshwantsho di le dintsi go bontsha ngwana wa gago ka mahakore a mararo (3D). Jaaka ultrasound nngwe le nngwe, e dirisa maqhubu a modumo, e seng mahasetsa.",
    ),

    h2("Mesola"),
    ul(
      "O ka bona sefatlhego sa ngwana wa gago le dipopego tsa gagwe sentle go feta mo scan e e tlwaelegileng (2D).",
      "Ke sebaka sa gore wena, le mongwe le mongwe yo o tlang le ene, lo bone ngwana wa gago mme lo ikutlwe lo le gaufi le ene.",
      "Ga e dirise mahasetsa.",
    ),
    note(
      "Tlhokomelo ya ka gale",
      p(
        "3D scan ga e tseye sebaka sa di-scan le ditlhatlhobo tsa ka gale tsa boimana tse ngaka ya gago kgotsa mmelegisi a di go gakololang.",
      ),
    ),

    h2("Tsamaiso"),
    ol(
      [
        strong("Beeletsa:"),
        " fa o dira peeletso, re botse gore ke nako efe ya boimana jwa gago e e siameng go dira 3D scan.",
      ],
      [
        strong("Ipaakanye:"),
        " apara diaparo tse di go letlang go bula mpa ya gago bonolo. Tla le lekwalo la go romelwa fa ngaka ya gago e go neile lone.",
      ],
      [
        strong("Scan:"),
        " o robala ka mokwatla, jele e e phepa e tshelwa mo mpeng ya gago, mme sedirisiwa se tsamaisiwa mo go yone ka bonolo. Ga e utlwise botlhoko.",
      ],
      [
        strong("Ditshwantsho:"),
        " gore di bonala sentle go le kana kang go ikaegile ka kafa ngwana a leng ka teng, selekanyo sa seedi se se dikologileng ngwana le nako ya boimana. Ka dinako tse dingwe ngwana o furaletse mme ga go kgonege go tsaya ditshwantsho tse di bonalang sentle.",
      ],
      [strong("Morago:"), " jele e a phimolwa mme o ka boela gae wa tswelela jaaka ka gale."],
    ),
  ],
};
