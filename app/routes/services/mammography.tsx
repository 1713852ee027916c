import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/mammography";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "mammography", description: "mammography" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>mammography</h1>
    </main>
  );
}
