import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/minimally-invasive-procedure";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "minimally-invasive-procedure", description: "minimally-invasive-procedure" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>minimally-invasive-procedure</h1>
    </main>
  );
}
