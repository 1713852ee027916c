import { FAST_HOURS } from "../../preparation";
import { visitWords } from "../../visit-words";
import { h2, p, strong, ul, type ServicePageContent } from "../content";

export const ultrasoundPage: ServicePageContent = {
  layout: "article",
  description:
    "Di-scan tsa ultrasound kwa Gaborone: ultrasound ke eng, kafa o ka ipaakanyang ka teng go ya ka karolo ya mmele, nako e scan nngwe le nngwe e e tsayang le se se diragalang morago.",
  keywords: [
    "ultrasound",
    "sonar scan",
    "ultrasound ya mpa",
    "ultrasound ya pelvis",
    "go ipaakanyetsa ultrasound",
    "Gaborone",
  ],
  closing: true,
  body: [
    h2("Scan ya ultrasound ke eng?"),
    p(
      "Scan ya ultrasound e dirisa maqhubu a modumo a a kwa godimo thata (high-frequency) go dira ditshwantsho tsa bogare jwa mmele wa gago. Sedirisiwa se sennye se se tshwarwang ka seatla (probe) se tsamaisiwa mo letlalong la gago, mme ditshwantsho di bonala mo sekirining ka yone nako eo.",
    ),
    p(
      "Ultrasound ga e dirise mahasetsa (radiation). E dirisiwa go leba ditho tsa mmele tse di jaaka sebete, kgetsana ya santlhoko, diphilo, senya le thyroid, le dinama tse di boleta.",
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    p(
      "Kafa o ipaakanyang ka teng go ikaegile ka karolo ya mmele wa gago e e tlhatlhobiwang. Dintlha tse di fa tlase ke kaelo e e akaretsang.",
      " ",
      strong("Re tla go bolelela sentle kafa o ka ipaakanyang ka teng fa o dira peeletso."),
    ),
    ul(
      [
        strong("Mpa, sebete le kgetsana ya santlhoko:"),
        ` o se ka wa ja sepe mo diureng di ka nna ${FAST_HOURS} pele ga scan ya gago. Re tla go bolelela se o ka se nwang.`,
      ],
      [
        strong("Pelvis (mpa e e kwa tlase) le diphilo (renal):"),
        " tla o na le senya se se tletseng. Nwa metsi pele ga peeletso ya gago, mme o se ka wa ntsha moroto go fitlha scan e fedile.",
      ],
      [
        strong("Mpa le pelvis mmogo:"),
        ` dira tsoopedi: o se ka wa ja mo diureng di ka nna ${FAST_HOURS}, mme o tle o na le senya se se tletseng.`,
      ],
      [
        strong("Bontsi jwa di-scan tse dingwe"),
        " (ka sekai thyroid, mabele, kgetsana ya marete, hernia, dinama tse di boleta le ditlhakana tsa mathe): ga go tlhokege go ipaakanya ka tsela epe e e kgethegileng.",
      ],
    ),
    p(
      "Apara diaparo tse di go phuthologileng, tse go leng motlhofo go di sutisa. O ka kopiwa go apara kobo ya sepetlele.",
    ),

    h2("Ka nako ya scan"),
    ul(
      "O robala mo bolaong jwa tlhatlhobo. Jele e e phepa e tshelwa mo letlalong la gago mme sedirisiwa se tsamaisiwa mo lefelong leo.",
      "Jele e ka utlwala e le tsididi. O ka utlwa sedirisiwa se go gatelela go se kae, mme scan ga e a tshwanela go utlwisa botlhoko.",
      "O ka kopiwa go tshwara mowa kgotsa go retologela ka lehlakore motsotswana.",
      "Fa sengwe se sa go phuthologela, bolelela motho yo o go dirang scan.",
    ),

    h2("Scan e tsaya nako e kana kang?"),
    p(
      `Bontsi jwa di-scan tsa ultrasound di tsaya magareng ga metsotso e le 20 le e le 45. Tsweetswee ${visitWords("tn").arriveEarly} gore go nne le nako ya go ikwadisa.`,
    ),
    { type: "ultrasound-timings" },

    h2("Morago ga tlhatlhobo"),
    ul(
      "Jele e a phimolwa, o apara mme o ka boela gae.",
      "O ka ja, wa nwa, mme wa boela mo ditirong tsa gago tsa ka gale ka yone nako eo.",
    ),
  ],
};
