import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/our-staff";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Our Key Staff", description: "Our Key Staff" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Our Key Staff</h1>
    </main>
  );
}
