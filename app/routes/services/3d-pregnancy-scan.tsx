import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/3d-pregnancy-scan";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "3d-pregnancy-scan", description: "3d-pregnancy-scan" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>3d-pregnancy-scan</h1>
    </main>
  );
}
