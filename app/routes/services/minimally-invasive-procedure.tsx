import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/minimally-invasive-procedure";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "minimally-invasive-procedure", {
    description:
      "Minimally invasive procedures in Gaborone: what an ultrasound-guided biopsy involves, how to prepare, aftercare and the benefits over open surgery.",
    keywords: [
      "ultrasound-guided biopsy",
      "needle biopsy",
      "minimally invasive procedure",
      "interventional radiology",
      "Gaborone",
    ],
  });
}

export default function MinimallyInvasive() {
  return (
    <ServicePage slug="minimally-invasive-procedure">
      <h2>What are minimally invasive procedures?</h2>
      <p>
        These are procedures done through a needle, guided by ultrasound pictures, instead of through an operation. The
        radiologist watches the needle on the screen the whole time.
      </p>

      <h2>Ultrasound-guided biopsy</h2>
      <p>
        A biopsy takes a small sample of tissue, for example from a lump, so that it can be examined in a laboratory.
        The ultrasound pictures show the radiologist exactly where to place the needle.
      </p>
      <h3>What happens</h3>
      <ol>
        <li>The skin is cleaned and numbed with a local anaesthetic. You stay awake.</li>
        <li>The radiologist guides a thin needle to the area, watching it on the ultrasound screen.</li>
        <li>One or more small samples are taken. You may feel pressure, and hear a click.</li>
        <li>A small dressing is put on the skin.</li>
        <li>The samples go to a laboratory, and the results are sent to your doctor.</li>
      </ol>
      <h3>Before your biopsy</h3>
      <ul>
        <li>
          Tell us if you take medicines that thin the blood, or if you have a bleeding problem. Do not stop any medicine
          unless your doctor tells you to.
        </li>
        <li>Tell us about any allergies, including to local anaesthetic or plasters.</li>
      </ul>
      <h3>Afterwards</h3>
      <ul>
        <li>The area may be sore or bruised for a few days.</li>
        <li>
          Contact your doctor if the area keeps bleeding, becomes very swollen, red or hot, or if you get a fever.
        </li>
      </ul>

      <h2>Benefits</h2>
      <ul>
        <li>No operation: a needle is used instead of a cut.</li>
        <li>Usually only a local anaesthetic is needed.</li>
        <li>Usually no stitches, and only a very small mark.</li>
        <li>Most people go home the same day and recover quickly.</li>
        <li>Ultrasound uses no radiation and shows the needle as it moves, so it can be placed accurately.</li>
      </ul>
    </ServicePage>
  );
}
