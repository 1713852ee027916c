import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/privacy";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Privacy Policy", description: "Privacy Policy" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Privacy Policy</h1>
    </main>
  );
}
