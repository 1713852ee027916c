import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/breast-ultrasound";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "breast-ultrasound", description: "breast-ultrasound" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>breast-ultrasound</h1>
    </main>
  );
}
