import { ServiceNote } from "~/components/service/service-note";
import { ServicePage } from "~/components/service/service-page";
import { serviceMeta } from "~/components/service/service-meta";
import type { Route } from "./+types/3d-pregnancy-scan";

export function meta(args: Route.MetaArgs) {
  return serviceMeta(args, "3d-pregnancy-scan", {
    description:
      "3D pregnancy scans in Gaborone: three-dimensional ultrasound pictures of your baby. The benefits, how to prepare and what happens during the scan.",
    keywords: ["3D pregnancy scan", "3D baby scan", "pregnancy ultrasound", "women's imaging", "Gaborone"],
  });
}

export default function PregnancyScan3d() {
  return (
    <ServicePage slug="3d-pregnancy-scan">
      <h2>What is a 3D pregnancy scan?</h2>
      <p>
        A 3D pregnancy scan is an ultrasound scan that puts many pictures together to show your baby in three
        dimensions. Like every ultrasound, it uses sound waves, not radiation.
      </p>

      <h2>Benefits</h2>
      <ul>
        <li>You can see your baby&apos;s face and features in more detail than on a standard (2D) scan.</li>
        <li>It is a chance for you, and anyone you bring, to see your baby and feel closer to them.</li>
        <li>It uses no radiation.</li>
      </ul>
      <ServiceNote label="Routine care">
        <p>A 3D scan does not replace the routine pregnancy scans and check-ups your doctor or midwife recommends.</p>
      </ServiceNote>

      <h2>The process</h2>
      <ol>
        <li>
          <strong>Book:</strong> ask us when you book about the best stage of your pregnancy for a 3D scan.
        </li>
        <li>
          <strong>Prepare:</strong> wear clothing that lets you uncover your tummy easily. Bring your referral form if
          your doctor has given you one.
        </li>
        <li>
          <strong>The scan:</strong> you lie on your back, a clear gel is put on your tummy, and a probe is moved gently
          over it. It does not hurt.
        </li>
        <li>
          <strong>The pictures:</strong> how clear they are depends on your baby&apos;s position, the amount of fluid
          around the baby and the stage of pregnancy. Sometimes the baby is facing away and clear pictures are not
          possible.
        </li>
        <li>
          <strong>Afterwards:</strong> the gel is wiped off and you can go home and carry on as usual.
        </li>
      </ol>
    </ServicePage>
  );
}
