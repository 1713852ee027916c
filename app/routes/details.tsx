import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/details";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Service details", description: "Service details" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Service details</h1>
    </main>
  );
}
