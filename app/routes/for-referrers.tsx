import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/for-referrers";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "For Referrers", description: "For Referrers" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>For Referrers</h1>
    </main>
  );
}
