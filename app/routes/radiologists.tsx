import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/radiologists";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Radiologists", description: "Radiologists" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Radiologists</h1>
    </main>
  );
}
