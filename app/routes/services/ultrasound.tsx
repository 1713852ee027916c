import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/ultrasound";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "ultrasound", description: "ultrasound" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>ultrasound</h1>
    </main>
  );
}
