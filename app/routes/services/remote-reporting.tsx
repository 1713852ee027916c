import { Link } from "react-router";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import { formatPhone } from "@domain/contact-links";
import { useClinic } from "~/root";
import type { Route } from "./+types/remote-reporting";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "remote-reporting", {
    description:
      "Remote reporting (teleradiology) from Gaborone: our radiologists report on images taken at other facilities. The benefits and the five steps.",
    keywords: ["remote reporting", "teleradiology", "telemedicine", "radiology report", "Botswana"],
  });
}

/** Remote reporting is for facilities and doctors, so it ends with its own contact line, not the patient closing. */
export default function RemoteReporting() {
  const clinic = useClinic();
  return (
    <ServicePage slug="remote-reporting" closing={false}>
      <h2>What is remote reporting?</h2>
      <p>
        Remote reporting, also called teleradiology, means that X-rays and scans taken at another clinic or hospital are
        sent to us electronically. Our radiologists examine the images and write a report for the doctor who asked for
        them.
      </p>

      <h2>Benefits</h2>
      <ul>
        <li>Patients get a radiologist&apos;s report without travelling.</li>
        <li>Facilities without their own radiologist can still get their images reported.</li>
        <li>Images and reports move electronically, so nothing has to be carried or posted.</li>
        <li>Earlier images can be compared with new ones.</li>
      </ul>

      <h2>How it works</h2>
      <ol>
        <li>
          The referring facility takes the images and fills in a request with the patient&apos;s clinical details.
        </li>
        <li>The images and the request are sent to us electronically.</li>
        <li>One of our radiologists reviews the images.</li>
        <li>The radiologist writes a report.</li>
        <li>The report is sent to the referring doctor, who discusses the results with the patient.</li>
      </ol>

      <section className="service-closing" aria-labelledby="remote-contact-heading">
        <h2 id="remote-contact-heading">Ask about remote reporting</h2>
        <p>
          To ask about remote reporting for your practice or facility, call us on{" "}
          <a href={`tel:${clinic.landline}`}>{formatPhone(clinic.landline)}</a>. Our referral form and contact numbers
          are on the <Link to="/for-referrers">For Referrers page</Link>.
        </p>
      </section>
    </ServicePage>
  );
}
