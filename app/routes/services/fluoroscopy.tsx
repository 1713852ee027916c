import { ServiceNote } from "~/components/service/service-note";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/fluoroscopy";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "fluoroscopy", {
    description:
      "Fluoroscopy in Gaborone: a moving X-ray examination. Why it is done, how to prepare, risks including pregnancy and contrast allergy, and aftercare.",
    keywords: ["fluoroscopy", "contrast study", "barium swallow", "moving X-ray", "Gaborone"],
  });
}

export default function Fluoroscopy() {
  return (
    <ServicePage slug="fluoroscopy">
      <h2>What is fluoroscopy?</h2>
      <p>
        Fluoroscopy is an X-ray examination that shows moving pictures on a screen, like a video. It lets the
        radiologist watch parts of your body as they work, for example as you swallow, or as liquid moves through the
        bowel or bladder.
      </p>
      <p>
        Many fluoroscopy examinations use a <strong>contrast medium</strong>: a liquid that shows up clearly on X-ray.
        Depending on the examination, you may drink it, or it may be given through a small tube or by injection.
      </p>

      <h2>Why is it done?</h2>
      <p>Your doctor may ask for fluoroscopy to:</p>
      <ul>
        <li>see how your throat, stomach or bowel is working, for example if you have trouble swallowing;</li>
        <li>look for a blockage, a narrowing or a leak;</li>
        <li>look at the bladder and the tubes that carry urine;</li>
        <li>guide a procedure, such as placing a needle or a tube in exactly the right place.</li>
      </ul>

      <h2>How to prepare</h2>
      <p>
        Preparation depends on the examination. <strong>We will tell you what to do when you book.</strong> For some
        examinations you may need to stop eating and drinking for a few hours beforehand.
      </p>
      <ul>
        <li>Bring the referral form from your doctor.</li>
        <li>Tell us about any medicines you take and any allergies you have.</li>
        <li>You may be asked to change into a gown and to remove jewellery and anything made of metal.</li>
      </ul>

      <h2>Risks</h2>
      <p>
        Fluoroscopy uses X-rays, so you receive a dose of radiation. The dose is kept as low as possible for the
        pictures your doctor needs.
      </p>
      <ServiceNote label="Tell us before your examination">
        <ul>
          <li>
            <strong>Pregnancy:</strong> X-rays can harm an unborn baby. If you are, or may be, pregnant, tell our staff
            before the examination.
          </li>
          <li>
            <strong>Allergy to contrast medium:</strong> some people react to contrast medium (sometimes called dye).
            Tell us if you have ever had a reaction to it, or if you have other allergies or asthma.
          </li>
        </ul>
      </ServiceNote>

      <h2>After the exam</h2>
      <ul>
        <li>Most people can go home soon afterwards, and eat and drink as usual unless we tell you otherwise.</li>
        <li>
          If you drank a barium contrast, drink plenty of water for the next day or two. Your stools may look pale or
          white for a few days. This is expected.
        </li>
        <li>
          If you get a rash, itching, swelling, or difficulty breathing after the examination, get medical help straight
          away.
        </li>
      </ul>
    </ServicePage>
  );
}
