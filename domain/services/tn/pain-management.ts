import { h2, note, p, strong, ul, type ServicePageContent } from "../content";

export const painManagementPage: ServicePageContent = {
  layout: "article",
  description:
    "Taolo ya botlhoko e e kaelwang ke ditshwantsho kwa Gaborone: mento ya steroid ya epidural, mento ya facet joint, nerve blocks le radiofrequency ablation, di tlhalositswe ka puo e e motlhofo.",
  keywords: [
    "taolo ya botlhoko",
    "moento wa steroid wa epidural",
    "moento wa facet joint",
    "nerve block",
    "radiofrequency ablation",
    "Gaborone",
  ],
  closing: true,
  body: [
    p(
      "Dikalafi tse di kaelwang ke ditshwantsho di ka fokotsa botlhoko jo bo nnang lobaka lo loleele, ka sekai mo mokwatleng, mo molaleng kgotsa mo dikopanong tsa marapo. Ditshwantsho di letla ngaka go bona gore nale e kae, gore molemo o fitlhe fa o tshwanetseng go ya teng. Ngaka ya gago e tla buisana le wena ka kalafi e e ka go thusang.",
    ),

    h2("Mento ya steroid ya epidural"),
    p(
      "Steroid (molemo o o fokotsang go ruruga), gantsi mmogo le molemo wa bogatsu (local anaesthetic), e entelwa mo sebakeng se se dikologileng methapo mo mokokotlong wa gago. E ka fokotsa botlhoko jo bo bakwang ke methapo e e tshwenyegileng, jaaka botlhoko jo bo anamang go tswa mo mokwatleng go ya kwa leotong (sciatica), kgotsa go tswa mo molaleng go ya kwa letsogong.",
    ),

    h2("Mento ya facet joint"),
    p(
      "Di-facet joint ke dikopano tse dinnye tsa marapo kwa morago ga mokokotlo, tse di golaganyang marapo. Fa di rurugile kgotsa di onetse, di ka baka botlhoko jwa mokwatla kgotsa jwa molala. Molemo wa bogatsu le steroid di entelwa mo teng ga kopano kgotsa gaufi le yone. Se se ka fokotsa botlhoko, mme gape se ka bontsha gore a kopano eo ke yone e bakang botlhoko.",
    ),

    h2("Nerve blocks"),
    p(
      "Nerve block ke moento wa molemo wa bogatsu, ka dinako tse dingwe mmogo le steroid, o o entelwang go dikologa mothapo kgotsa setlhopha sa methapo. O emisa mothapo go romela dikaelo tsa botlhoko ka lobaka. O ka fokotsa botlhoko, mme o ka thusa go bona gore ke mothapo ofe o o bakang botlhoko.",
    ),

    h2("Radiofrequency ablation"),
    p(
      "Nale e e kgethegileng e dirisa bothitho jo bo bonolo, jo bo dirwang ke maqhubu a radio, go alafa mothapo o monnye o o tsamaisang dikaelo tsa botlhoko, gore o emise go di romela. Gantsi e dirisiwa mo botlhokong jwa mokwatla kgotsa jwa molala fa nerve block e thusitse. Kimologo e ka nna dikgwedi. Mothapo o ka gola gape, mme kalafi e ka boelelwa.",
    ),

    h2("Se o ka se solofelang"),
    ul(
      "Letlalo le swa bogatsu ka molemo wa bogatsu. O ka utlwa go gatelelwa ka nako ya moento.",
      "Di-steroid di ka tsaya malatsi a le mmalwa pele di simolola go dira. Batho bangwe ba tlhoka kalafi e e fetang e le nngwe.",
      "Re botse fa o dira peeletso gore a o tshwanetse go rulaganya gore mongwe a go ise gae.",
    ),
    note(
      "Re bolelele pele ga tiragatso ya gago",
      p(
        strong("Re bolelele pele ga tiragatso ya gago"),
        " fa o nwa melemo e e tshesefatsang madi, o na le bolwetse jwa sukiri (di-steroid di ka tsholetsa sukiri mo mading), o na le tshwaetso kgotsa letshoroma, o na le di-allergy, kgotsa o imile, kgotsa o ka tswa o imile.",
      ),
    ),
  ],
};
