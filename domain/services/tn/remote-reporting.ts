import { h2, LANDLINE, link, ol, p, ul, type ServicePageContent } from "../content";

/** Remote reporting is for facilities and doctors, so it ends with its own contact line, not the patient closing. */
export const remoteReportingPage: ServicePageContent = {
  layout: "article",
  description:
    "Dipegelo tse di kwalwang kgakala (teleradiology) go tswa kwa Gaborone: dingaka tsa radiology tsa rona di kwala dipegelo ka ditshwantsho tse di tserweng kwa mafelong a mangwe a kalafi. Mesola le dikgato tse tlhano.",
  keywords: ["dipegelo tse di kwalwang kgakala", "teleradiology", "telemedicine", "pegelo ya radiology", "Botswana"],
  closing: false,
  body: [
    h2("Dipegelo tse di kwalwang kgakala ke eng?"),
    p(
      "Dipegelo tse di kwalwang kgakala, tse di bidiwang gape teleradiology, di raya gore di-X-ray le di-scan tse di tserweng kwa kliniking e nngwe kgotsa kwa sepatela di romelwa kwa go rona ka tsela ya elektroniki. Dingaka tsa radiology tsa rona di tlhatlhoba ditshwantsho mme di kwalele ngaka e e di kopileng pegelo.",
    ),

    h2("Mesola"),
    ul(
      "Balwetse ba bona pegelo ya ngaka ya radiology ba sa tsamaye.",
      "Mafelo a kalafi a a se nang ngaka ya radiology ya one a ka nna a kwalelwa dipegelo ka ditshwantsho tsa one.",
      "Ditshwantsho le dipegelo di tsamaya ka tsela ya elektroniki, ka jalo ga go na sepe se se tshwanetseng go tsholwa ka seatla kgotsa go romelwa ka poso.",
      "Ditshwantsho tsa pele di ka bapisiwa le tse dintšha.",
    ),

    h2("Kafa go dirang ka teng"),
    ol(
      "Lefelo la kalafi le le romelang le tsaya ditshwantsho mme le tlatsa kopo e e nang le dintlha tsa bolwetse jwa molwetse.",
      "Ditshwantsho le kopo di romelwa kwa go rona ka tsela ya elektroniki.",
      "Mongwe wa dingaka tsa radiology tsa rona o sekaseka ditshwantsho.",
      "Ngaka ya radiology e kwala pegelo.",
      "Pegelo e romelwa kwa go ngaka e e romileng molwetse, mme ngaka eo e buisana le molwetse ka dipholo.",
    ),

    {
      type: "closing-section",
      id: "remote-contact-heading",
      heading: "Botsa ka dipegelo tse di kwalwang kgakala",
      blocks: [
        p(
          "Go botsa ka dipegelo tse di kwalwang kgakala tsa ofisi ya gago ya bongaka kgotsa lefelo la gago la kalafi, re leletse mo go",
          " ",
          LANDLINE,
          ". Lekwalo la go romelwa le dinomoro tsa rona tsa mogala di mo ",
          link("/for-referrers", "tsebeng ya Dingaka tse di romelang balwetse"),
          ".",
        ),
      ],
    },
  ],
};
