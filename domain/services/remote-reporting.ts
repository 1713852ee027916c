import { h2, LANDLINE, link, ol, p, ul, type ServicePageContent } from "./content";

/** Remote reporting is for facilities and doctors, so it ends with its own contact line, not the patient closing. */
export const remoteReportingPage: ServicePageContent = {
  layout: "article",
  description:
    "Remote reporting (teleradiology) from Gaborone: our radiologists report on images taken at other facilities. The benefits and the five steps.",
  keywords: ["remote reporting", "teleradiology", "telemedicine", "radiology report", "Botswana"],
  closing: false,
  body: [
    h2("What is remote reporting?"),
    p(
      "Remote reporting, also called teleradiology, means that X-rays and scans taken at another clinic or hospital are sent to us electronically. Our radiologists examine the images and write a report for the doctor who asked for them.",
    ),

    h2("Benefits"),
    ul(
      "Patients get a radiologist's report without travelling.",
      "Facilities without their own radiologist can still get their images reported.",
      "Images and reports move electronically, so nothing has to be carried or posted.",
      "Earlier images can be compared with new ones.",
    ),

    h2("How it works"),
    ol(
      "The referring facility takes the images and fills in a request with the patient's clinical details.",
      "The images and the request are sent to us electronically.",
      "One of our radiologists reviews the images.",
      "The radiologist writes a report.",
      "The report is sent to the referring doctor, who discusses the results with the patient.",
    ),

    {
      type: "closing-section",
      id: "remote-contact-heading",
      heading: "Ask about remote reporting",
      blocks: [
        p(
          "To ask about remote reporting for your practice or facility, call us on",
          " ",
          LANDLINE,
          ". Our referral form and contact numbers are on the ",
          link("/for-referrers", "For Referrers page"),
          ".",
        ),
      ],
    },
  ],
};
