import { ServiceNote } from "~/components/service/service-note";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/bone-densitometry-dexa-scan";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "bone-densitometry-dexa-scan", {
    description:
      "Bone densitometry (DEXA scan) in Gaborone: what it measures, what happens, how to prepare (stop calcium supplements 24 to 48 hours before) and the risks.",
    keywords: ["DEXA scan", "DXA", "bone densitometry", "bone density", "osteoporosis", "Gaborone"],
  });
}

export default function BoneDensitometry() {
  return (
    <ServicePage slug="bone-densitometry-dexa-scan">
      <h2>What is a DEXA scan?</h2>
      <p>
        Bone densitometry, also called a DEXA scan, measures how dense and strong your bones are. DEXA stands for
        dual-energy X-ray absorptiometry: the scan uses two very low-dose X-ray beams.
      </p>
      <p>
        It helps your doctor to find osteoporosis (thinning of the bones), to judge your risk of breaking a bone, and to
        see how well any treatment is working.
      </p>

      <h2>What happens during the scan</h2>
      <ul>
        <li>You lie on your back on a padded table. If your clothes have no metal, you can usually keep them on.</li>
        <li>
          A scanning arm passes slowly over your body, usually over your lower back and hip. It does not touch you, and
          the scan does not hurt.
        </li>
        <li>You need to lie still while the pictures are taken. The scan is usually quick.</li>
      </ul>

      <h2>How to prepare</h2>
      <ul>
        <li>
          <strong>Stop taking calcium supplements 24 to 48 hours before your scan.</strong> Keep taking your other
          medicines unless your doctor tells you otherwise.
        </li>
        <li>Wear comfortable clothing with no metal: no zips, buckles, metal buttons or underwire.</li>
        <li>Remove jewellery before the scan, or leave it at home.</li>
      </ul>

      <h2>Risks</h2>
      <p>The radiation dose from a DEXA scan is very low.</p>
      <ServiceNote label="Tell us before your scan">
        <ul>
          <li>
            <strong>If you are, or may be, pregnant.</strong>
          </li>
          <li>
            <strong>
              If you have recently had a barium examination, or a scan or X-ray with contrast medium (dye).
            </strong>{" "}
            It can affect the results, so your DEXA scan may need to wait a few days.
          </li>
        </ul>
      </ServiceNote>

      <h2>Extra information</h2>
      <ul>
        <li>
          If you have had a DEXA scan before, tell us where and when, and bring the results if you have them. Your new
          results can then be compared with the old ones.
        </li>
        <li>Tell us if you have had an operation on your spine or hips, or have metal implants there.</li>
        <li>
          Results are usually given as a T-score (your bone density compared with a healthy young adult) and a Z-score
          (compared with people of your age). Your doctor will explain what they mean for you.
        </li>
      </ul>

      <h2>After the exam</h2>
      <ul>
        <li>You can go home and carry on with your day straight away.</li>
        <li>You can start taking your calcium supplements again.</li>
      </ul>
    </ServicePage>
  );
}
