import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/x-ray";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "x-ray", description: "x-ray" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>x-ray</h1>
    </main>
  );
}
