import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/advanced-technology";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "advanced-technology", description: "advanced-technology" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>advanced-technology</h1>
    </main>
  );
}
