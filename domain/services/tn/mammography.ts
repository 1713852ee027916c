import { h2, link, note, p, strong, ul, type ServicePageContent } from "../content";

export const mammographyPage: ServicePageContent = {
  layout: "article",
  description:
    "Mammography kwa Gaborone: pharologanyo magareng ga mammogram ya go sekaseka le ya go lemoga bolwetse, kaelo e e akaretsang ka go sekaseka, le nako ya go bona ngaka.",
  keywords: [
    "mammography",
    "mammogram",
    "go sekasekwa ga mabele",
    "mammogram ya go lemoga bolwetse",
    "ditshwantsho tsa basadi",
    "Gaborone",
  ],
  closing: true,
  body: [
    h2("Mammography ke eng?"),
    p(
      "Mammogram ke X-ray ya lebele ka mahasetsa a le mannye. Lebele lengwe le lengwe le gatelelwa ka bonolo magareng ga dipoleiti tse pedi tse di bataletseng metsotswana e le mmalwa fa setshwantsho se tsewa. Go gatelelwa go ka nna ga sa go phuthologela, mme ga go nne lobaka lo loleele. Bolelela radiographer fa go utlwisa botlhoko.",
    ),

    h2("Mammography ya go sekaseka (screening)"),
    p(
      "Mammogram ya go sekaseka ke ya basadi ba ba ",
      strong("se nang matshwao ape a bolwetse"),
      ". Maikaelelo a yone ke go lemoga kankere ya lebele ka bonako, gantsi pele kota e ka utlwiwa, fa kalafi e na le tshono e kgolo ya go dira sentle.",
    ),

    h2("Mammography ya go lemoga bolwetse"),
    p(
      "Mammogram ya go lemoga bolwetse ke ya fa wena kgotsa ngaka ya gago lo lemogile phetogo, jaaka kota, kgotsa go leba sentle sengwe se se bonweng mo mammogram ya go sekaseka. E ka akaretsa ditshwantsho tse dingwe, mme",
      " ",
      link("/services/breast-ultrasound", "ultrasound ya mabele"),
      " e ka dirwa gape.",
    ),

    h2("Dikaelo"),
    p(
      "Kgakololo ka go sekaseka e farologana go ya ka dinaga le mekgatlho, mme e ikaegile ka dingwaga tsa gago, hisitori ya lelapa la gago le boitekanelo jwa gago. Dintlha tse di fa tlase di akaretsa fela. ",
      strong("Botsa ngaka ya gago gore ke eng se se go siametseng."),
    ),
    ul(
      "Dikaelo di le dintsi di gakolola gore basadi ba dirwe di-mammogram tsa go sekaseka ka metlha go simolola ka dingwaga tsa bone tsa bo40 kgotsa bo50.",
      "Fa masika a a gaufi a kile a nna le kankere ya lebele kgotsa ya mae a bosadi (ovaries), ngaka ya gago e ka gakolola gore o simolole pele kgotsa o dirwe diteko tse dingwe.",
    ),
    note(
      "Nako ya go bona ngaka",
      p(strong("Bona ngaka ka bonako, go sa kgathalesege dingwaga tsa gago, fa o lemoga:")),
      ul(
        "kota e ntšha kgotsa go kitlana mo lebeleng kgotsa mo kgwafing;",
        "phetogo mo bogolong kgotsa mo sebopegong sa lebele;",
        "letlalo le le nang le mesoto e mennye, le le sosobaneng kgotsa le le khibidu;",
        "tlhogo ya lebele e e boetseng kwa teng, kgotsa seedi se se tswang mo tlhogong ya lebele;",
        "botlhoko mo lebeleng jo bo sa feleng.",
      ),
      p("O se ka wa letela peeletso ya go sekasekwa."),
    ),

    h2("Kafa o ka ipaakanyang ka teng"),
    ul(
      "Ka letsatsi leo, o se ka wa tshasa deodorant, phouta kgotsa setlolo mo mabeleng kgotsa ka fa tlase ga mabogo. Di ka bonala mo ditshwantshong.",
      "Apara hempe le mosese kgotsa borokgwe, gore o tle o apole fela go simolola mo letshekeng go ya kwa godimo.",
      "Fa mabele a gago a utlwa botlhoko pele o ya kgweding, o ka tlhopha go beeletsa mo bekeng e e latelang morago ga go ya kgweding.",
      "Tla le di-mammogram dipe tse di fetileng kgotsa dipegelo tse o nang le tsone.",
      "Re bolelele fa o imile, kgotsa o ka tswa o imile, kgotsa fa o anyisa.",
    ),
  ],
};
