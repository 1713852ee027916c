import { h2, note, p, strong, ul, type ServicePageContent } from "../content";

export const boneDensitometryPage: ServicePageContent = {
  layout: "article",
  description:
    "Tekanyo ya go tiya ga marapo (DEXA scan) kwa Gaborone: se e se lekanyang, se se diragalang, kafa o ka ipaakanyang ka teng (emisa melemo ya tlaleletso ya calcium diura di le 24 go ya go 48 pele) le dikotsi.",
  keywords: ["DEXA scan", "DXA", "tekanyo ya go tiya ga marapo", "go tiya ga marapo", "osteoporosis", "Gaborone"],
  closing: true,
  body: [
    h2("DEXA scan ke eng?"),
    p(
      "Tekanyo ya go tiya ga marapo, e e bidiwang gape DEXA scan, e lekanya gore marapo a gago a kitlane jang le gore a thata go le kana kang. DEXA ke khutshwafatso ya dual-energy X-ray absorptiometry: scan e dirisa mahasetsa a X-ray a mefuta e mebedi, a a kwa tlase thata.",
    ),
    p(
      "E thusa ngaka ya gago go lemoga osteoporosis (go nna tshesane ga marapo), go sekaseka kotsi ya gago ya go robega lerapo, le go bona gore kalafi epe e dira sentle go le kana kang.",
    ),

    h2("Se se diragalang ka nako ya scan"),
    ul(
      "O robala ka mokwatla mo tafoleng e e bonolo. Fa diaparo tsa gago di se na tshipi, gantsi o ka tswelela o di apere.",
      "Letsogo la mochine le feta ka bonya godimo ga mmele wa gago, gantsi godimo ga mokwatla kwa tlase le noka. Ga le go ame, mme scan ga e utlwise botlhoko.",
      "O tshwanetse go robala o sa tsikinyege fa ditshwantsho di tsewa. Gantsi scan e bonako.",
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    ul(
      [
        strong("Emisa go nwa melemo ya tlaleletso ya calcium diura di le 24 go ya go 48 pele ga scan ya gago."),
        " Tswelela o nwa melemo e mengwe ya gago fa ngaka ya gago e sa go bolelele ka tsela e nngwe.",
      ],
      "Apara diaparo tse di go phuthologileng tse di se nang tshipi: di se nang dizipi, dibakele, dikonopo tsa tshipi kgotsa bra e e nang le terata.",
      "Ntsha dikgabisa pele ga scan, kgotsa o di tlogele kwa gae.",
    ),

    h2("Dikotsi"),
    p("Selekanyo sa mahasetsa sa DEXA scan se kwa tlase thata."),
    note(
      "Re bolelele pele ga scan ya gago",
      ul(strong("Fa o imile, kgotsa o ka tswa o imile."), [
        strong(
          "Fa e se bogologolo o dirilwe tlhatlhobo ya barium, kgotsa scan kgotsa X-ray ka seedi sa contrast (dae).",
        ),
        " ",
        "Se se ka ama dipholo, ka jalo DEXA scan ya gago e ka tshwanelwa ke go leta malatsi a le mmalwa.",
      ]),
    ),

    h2("Tshedimosetso e nngwe"),
    ul(
      "Fa o kile wa dirwa DEXA scan pele, re bolelele gore e ne e le kae le leng, mme o tle le dipholo fa o na le tsone. Ka jalo dipholo tsa gago tse dintšha di tla bapisiwa le tsa pele.",
      "Re bolelele fa o kile wa arwa mo mokokotlong kgotsa mo nokeng, kgotsa o na le ditshipi tse di tsentsweng (implants) koo.",
      "Gantsi dipholo di neelwa jaaka T-score (go tiya ga marapo a gago go bapisiwa le ga mogolo yo mmotlana yo o itekanetseng) le Z-score (go bapisiwa le batho ba dingwaga tsa gago). Ngaka ya gago e tla go tlhalosetsa gore di kaya eng mo go wena.",
    ),

    h2("Morago ga tlhatlhobo"),
    ul(
      "O ka boela gae mme wa tswelela ka letsatsi la gago ka yone nako eo.",
      "O ka simolola go nwa melemo ya gago ya tlaleletso ya calcium gape.",
    ),
  ],
};
