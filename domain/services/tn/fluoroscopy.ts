import { h2, note, p, strong, ul, type ServicePageContent } from "../content";

export const fluoroscopyPage: ServicePageContent = {
  layout: "article",
  description:
    "Fluoroscopy kwa Gaborone: tlhatlhobo ya X-ray e e tsamayang. Gore e dirwa ka ntlha ya eng, kafa o ka ipaakanyang ka teng, dikotsi go akaretsa boimana le allergy ya seedi sa contrast, le tlhokomelo morago ga yone.",
  keywords: ["fluoroscopy", "tlhatlhobo ya contrast", "barium swallow", "X-ray e e tsamayang", "Gaborone"],
  closing: true,
  body: [
    h2("Fluoroscopy ke eng?"),
    p(
      "Fluoroscopy ke tlhatlhobo ya X-ray e e bontshang ditshwantsho tse di tsamayang mo sekirining, jaaka bidio. E letla ngaka ya radiology go leba dikarolo tsa mmele wa gago di ntse di dira, ka sekai fa o metsa, kgotsa fa seedi se tsamaya mo maleng kgotsa mo senyeng.",
    ),
    p(
      "Ditlhatlhobo di le dintsi tsa fluoroscopy di dirisa ",
      strong("seedi sa contrast (contrast medium)"),
      ": seedi se se bonalang sentle mo X-ray. Go ya ka tlhatlhobo, o ka se nwa, kgotsa se ka tsenngwa ka phaephe e nnye kgotsa ka moento.",
    ),

    h2("Goreng e dirwa?"),
    p("Ngaka ya gago e ka kopa fluoroscopy go:"),
    ul(
      "bona kafa mometso, mpa kgotsa mala a gago di dirang ka teng, ka sekai fa o na le bothata jwa go metsa;",
      "batla sekgoreletsi, karolo e e pitlaganeng kgotsa e e dutlang;",
      "leba senya le diphaephe tse di tsamaisang moroto;",
      "kaela tiragatso, jaaka go tsenya nale kgotsa phaephe fa e tshwanetseng go nna teng tota.",
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    p(
      "Go ipaakanya go ikaegile ka tlhatlhobo. ",
      strong("Re tla go bolelela se o tshwanetseng go se dira fa o dira peeletso."),
      " Mo ditlhatlhobong dingwe o ka tlhoka go emisa go ja le go nwa diura di le mmalwa pele ga tlhatlhobo.",
    ),
    ul(
      "Tla le lekwalo la go romelwa le ngaka ya gago e go le neileng.",
      "Re bolelele ka melemo epe e o e nwang le di-allergy dipe tse o nang le tsone.",
      "O ka kopiwa go apara kobo ya sepetlele le go ntsha dikgabisa le sepe se se dirilweng ka tshipi.",
    ),

    h2("Dikotsi"),
    p(
      "Fluoroscopy e dirisa di-X-ray, ka jalo o amogela selekanyo sa mahasetsa. Selekanyo se se tshwarwa se le kwa tlase ka fa go ka kgonegang ka teng go bona ditshwantsho tse ngaka ya gago e di tlhokang.",
    ),
    note(
      "Re bolelele pele ga tlhatlhobo ya gago",
      ul(
        [
          strong("Boimana:"),
          " di-X-ray di ka gobatsa ngwana yo o iseng a tsalwe. Fa o imile, kgotsa o ka tswa o imile, bolelela badiri ba rona pele ga tlhatlhobo.",
        ],
        [
          strong("Allergy ya seedi sa contrast:"),
          " mmele wa batho bangwe o tsiboga maswe ka ntlha ya seedi sa contrast (ka dinako tse dingwe se bidiwa dae). Re bolelele fa mmele wa gago o kile wa tsiboga jalo, kgotsa fa o na le di-allergy tse dingwe kgotsa asthma.",
        ],
      ),
    ),

    h2("Morago ga tlhatlhobo"),
    ul(
      "Bontsi jwa batho ba ka boela gae ka bonako morago ga tlhatlhobo, mme ba ja le go nwa jaaka ka gale, fa re sa go bolelele ka tsela e nngwe.",
      "Fa o nwele seedi sa barium, nwa metsi a mantsi mo letsatsing kgotsa a mabedi a a latelang. Mantle a gago a ka lebega a tlhobogile mmala kgotsa a le masweu malatsi a le mmalwa. Se ke selo se se solofelwang.",
      "Fa o simolola go nna le dithuthwane mo letlalong (rash), go baba, go ruruga, kgotsa go hema ka bothata morago ga tlhatlhobo, batla thuso ya bongaka ka bonako.",
    ),
  ],
};
