import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import { UltrasoundTimingsTable } from "~/components/service/ultrasound-timings";
import type { Route } from "./+types/ultrasound";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "ultrasound", {
    description:
      "Ultrasound scans in Gaborone: what an ultrasound is, how to prepare for your body part, how long each scan takes and what happens afterwards.",
    keywords: [
      "ultrasound",
      "sonar scan",
      "abdominal ultrasound",
      "pelvic ultrasound",
      "ultrasound preparation",
      "Gaborone",
    ],
  });
}

export default function Ultrasound() {
  return (
    <ServicePage slug="ultrasound">
      <h2>What is an ultrasound scan?</h2>
      <p>
        An ultrasound scan uses high-frequency sound waves to make pictures of the inside of your body. A small handheld
        probe is moved over your skin, and the pictures appear on a screen straight away.
      </p>
      <p>
        Ultrasound does not use radiation. It is used to look at organs such as the liver, gallbladder, kidneys, bladder
        and thyroid, and at soft tissue.
      </p>

      <h2>How to prepare</h2>
      <p>
        How you prepare depends on the part of your body being scanned. The points below are general guidance.{" "}
        <strong>We will tell you exactly how to prepare when you book.</strong>
      </p>
      <ul>
        <li>
          <strong>Abdomen, liver and gallbladder:</strong> do not eat for about 6 hours before your scan. We will tell
          you what you may drink.
        </li>
        <li>
          <strong>Pelvis and kidneys (renal):</strong> come with a full bladder. Drink water before your appointment and
          do not empty your bladder until after the scan.
        </li>
        <li>
          <strong>Abdomen and pelvis together:</strong> follow both: no food for about 6 hours, and a full bladder.
        </li>
        <li>
          <strong>Most other scans</strong> (for example thyroid, breast, scrotum, hernia, soft tissue and salivary
          glands): no special preparation is needed.
        </li>
      </ul>
      <p>Wear comfortable clothing that is easy to move aside. You may be asked to change into a gown.</p>

      <h2>During the scan</h2>
      <ul>
        <li>You lie on a couch. A clear gel is put on your skin and the probe is moved over the area.</li>
        <li>The gel may feel cold. You may feel some pressure from the probe, but the scan should not hurt.</li>
        <li>You may be asked to hold your breath or to turn on your side for a moment.</li>
        <li>If anything is uncomfortable, tell the person doing your scan.</li>
      </ul>

      <h2>How long does the scan take?</h2>
      <p>
        Most ultrasound scans take between 20 and 45 minutes. Please arrive 15 minutes before your appointment so there
        is time to check in.
      </p>
      <UltrasoundTimingsTable />

      <h2>After the examination</h2>
      <ul>
        <li>The gel is wiped off, you get dressed and you can go home.</li>
        <li>You can eat, drink and go back to your usual activities straight away.</li>
      </ul>
    </ServicePage>
  );
}
