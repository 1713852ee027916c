import { bookingPath } from "../../paths";
import { visitWords } from "../../visit-words";
import { h2, link, note, p, strong, ul, type ServicePageContent } from "../content";

export const xRayPage: ServicePageContent = {
  layout: "article",
  description:
    "Ditlhatlhobo tsa X-ray kwa Gaborone: X-ray e e tlwaelegileng ke eng, lekwalo la go romelwa le o le tlhokang, selekanyo se sennye sa mahasetsa fa se bapisiwa, le se o ka se solofelang.",
  keywords: ["X-ray", "X-ray e e tlwaelegileng", "X-ray ya sehuba", "radiography", "lekwalo la go romelwa", "Gaborone"],
  closing: true,
  body: [
    h2("X-ray ke eng?"),
    p(
      "X-ray ke tlhatlhobo e e bonako, e e sa utlwiseng botlhoko, e e dirang ditshwantsho tsa bogare jwa mmele wa gago ka selekanyo se sennye sa mahasetsa (radiation). Gantsi e dirisiwa go leba marapo le dikopano tsa marapo, sehuba le makgwafo, le mpa.",
    ),

    h2("X-ray e e tlwaelegileng"),
    p(
      "X-ray e e tlwaelegileng (plain X-ray) ke mofuta wa X-ray o o dirwang thata. Ga e tlhoke moento kgotsa dae. Radiographer o go thusa go nna ka tsela e e siameng: o eme, o ntse kgotsa o robetse. O nna o sa tsikinyege metsotswana e le mmalwa fa setshwantsho sengwe le sengwe se tsewa. Bontsi jwa di-X-ray tse di tlwaelegileng di tsaya metsotso e le mmalwa fela.",
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    ul(
      [
        strong("O tlhoka lekwalo la go romelwa le le tswang kwa go ngaka ya gago."),
        " Tla le lone, kgotsa o le tsenye mo inthaneteng fa o",
        " ",
        link(bookingPath("x-ray"), "dira peeletso ya gago mo inthaneteng"),
        ". Dingaka di ka tsaya foromo ya rona mo",
        " ",
        link("/for-referrers", "tsebeng ya Dingaka tse di romelang balwetse"),
        ".",
      ],
      "O ka kopiwa go ntsha dikgabisa, le diaparo tse di nang le tshipi (dizipi, dikonopo, bra e e nang le terata) gaufi le karolo e e tsewang X-ray. O ka nna wa neelwa kobo ya sepetlele.",
      visitWords("tn").bring,
    ),

    h2("Dikotsi"),
    p(
      "Di-X-ray di dirisa mahasetsa. Selekanyo sa mahasetsa sa X-ray e e tlwaelegileng se sennye, mme se tshwarwa se le kwa tlase ka fa go ka kgonegang ka teng go bona ditshwantsho tse ngaka ya gago e di tlhokang. Ngaka ya gago e kopa X-ray fa molemo wa dipholo o feta kotsi e e nnye e.",
    ),
    note("Boimana", p(strong("Fa o imile, kgotsa o ka tswa o imile, bolelela radiographer pele ga X-ray ya gago."))),

    h2("Selekanyo sa mahasetsa fa se bapisiwa"),
    p(
      "Rotlhe re amiwa ke mahasetsa a tlholego a a re dikologileng letsatsi le letsatsi, a a tswang mo mmung, mo moweng le kwa loaping. Di-X-ray tsa sehuba di ka nna 38 di fa selekanyo se se lekanang le sa ngwaga o le mongwe wa mahasetsa a tlholego. Ka jalo X-ray e le nngwe ya sehuba e lekana fela le malatsi a ka nna 10 a botshelo jwa letsatsi le letsatsi.",
    ),
  ],
};
