import { Link } from "react-router";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/breast-ultrasound";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "breast-ultrasound", {
    description:
      "Breast ultrasound in Gaborone: a radiation-free scan of breast tissue. Its benefits, how to prepare and what happens after the examination.",
    keywords: ["breast ultrasound", "breast scan", "breast lump", "women's imaging", "Gaborone"],
  });
}

export default function BreastUltrasound() {
  return (
    <ServicePage slug="breast-ultrasound">
      <h2>What is a breast ultrasound?</h2>
      <p>
        A breast ultrasound uses sound waves to make pictures of the tissue inside your breast. It is often used to look
        more closely at a lump or a change you or your doctor have noticed, or alongside a{" "}
        <Link to="/services/mammography">mammogram</Link>.
      </p>

      <h2>Benefits</h2>
      <ul>
        <li>It uses no radiation, so it can be done during pregnancy and while breastfeeding.</li>
        <li>It can show whether a lump is filled with fluid (a cyst) or is solid.</li>
        <li>It is useful for dense breast tissue, which can be harder to see on a mammogram.</li>
        <li>It does not hurt, and your breast is not squeezed.</li>
        <li>
          If a sample is needed, ultrasound can guide the needle (see{" "}
          <Link to="/services/minimally-invasive-procedure">minimally invasive procedures</Link>).
        </li>
      </ul>

      <h2>How to prepare</h2>
      <ul>
        <li>No special preparation is needed. You can eat and drink as usual.</li>
        <li>Wear a top and skirt or trousers, so you only need to undress from the waist up.</li>
        <li>Bring any earlier breast scans or reports you have.</li>
        <li>Tell us about any lump, pain or change you have noticed, and where it is.</li>
      </ul>

      <h2>During the scan</h2>
      <p>
        You lie on your back with your arm raised above your head. A clear gel is put on your skin and a small probe is
        moved over the breast and armpit. You may feel some pressure. As an estimate, a scan of one breast takes about
        30 minutes, and both breasts about 40 minutes.
      </p>

      <h2>After the exam</h2>
      <ul>
        <li>The gel is wiped off, you get dressed and you can go home.</li>
        <li>You can go back to your usual activities straight away.</li>
      </ul>
    </ServicePage>
  );
}
