import { Link } from "react-router";
import { ServiceNote } from "~/components/service/service-note";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/mammography";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "mammography", {
    description:
      "Mammography in Gaborone: the difference between screening and diagnostic mammograms, general guidance on screening, and when to see a doctor.",
    keywords: ["mammography", "mammogram", "breast screening", "diagnostic mammogram", "women's imaging", "Gaborone"],
  });
}

/**
 * Mammography has a page but no sidebar link (specification, section 2). Its
 * sidebar opens Women's Imaging, the category a visitor would look in next.
 */
export default function Mammography() {
  return (
    <ServicePage slug="mammography" openCategory="womens-imaging">
      <h2>What is mammography?</h2>
      <p>
        A mammogram is a low-dose X-ray of the breast. Each breast is gently pressed between two flat plates for a few
        seconds while a picture is taken. The pressure can be uncomfortable, but it does not last long. Tell the
        radiographer if it hurts.
      </p>

      <h2>Screening mammography</h2>
      <p>
        A screening mammogram is for women who have <strong>no symptoms</strong>. Its aim is to find breast cancer
        early, often before a lump can be felt, when treatment is more likely to work well.
      </p>

      <h2>Diagnostic mammography</h2>
      <p>
        A diagnostic mammogram is for when you or your doctor have noticed a change, such as a lump, or to look more
        closely at something seen on a screening mammogram. It may include extra pictures, and a{" "}
        <Link to="/services/breast-ultrasound">breast ultrasound</Link> may be done as well.
      </p>

      <h2>Guidelines</h2>
      <p>
        Advice on screening differs between countries and organisations, and depends on your age, your family history
        and your health. The points below are general. <strong>Ask your doctor what is right for you.</strong>
      </p>
      <ul>
        <li>Many guidelines suggest regular screening mammograms for women from their 40s or 50s.</li>
        <li>
          If close relatives have had breast or ovarian cancer, your doctor may suggest starting earlier or having other
          tests.
        </li>
      </ul>
      <ServiceNote label="When to see a doctor">
        <p>
          <strong>See a doctor soon, whatever your age, if you notice:</strong>
        </p>
        <ul>
          <li>a new lump or thickening in the breast or armpit;</li>
          <li>a change in the size or shape of a breast;</li>
          <li>dimpling, puckering or redness of the skin;</li>
          <li>a nipple that has turned inwards, or discharge from the nipple;</li>
          <li>pain in the breast that does not go away.</li>
        </ul>
        <p>Do not wait for a screening appointment.</p>
      </ServiceNote>

      <h2>How to prepare</h2>
      <ul>
        <li>
          On the day, do not put deodorant, powder or lotion on your breasts or under your arms. They can show on the
          pictures.
        </li>
        <li>Wear a top and skirt or trousers, so you only need to undress from the waist up.</li>
        <li>If your breasts are tender before your period, you may prefer to book for the week after it.</li>
        <li>Bring any earlier mammograms or reports you have.</li>
        <li>Tell us if you are, or may be, pregnant, or if you are breastfeeding.</li>
      </ul>
    </ServicePage>
  );
}
