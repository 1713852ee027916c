import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/services";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Our Services", description: "Our Services" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Our Services</h1>
    </main>
  );
}
