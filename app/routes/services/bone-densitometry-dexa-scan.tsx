import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/bone-densitometry-dexa-scan";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "bone-densitometry-dexa-scan", description: "bone-densitometry-dexa-scan" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>bone-densitometry-dexa-scan</h1>
    </main>
  );
}
