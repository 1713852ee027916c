import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/fluoroscopy";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "fluoroscopy", description: "fluoroscopy" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>fluoroscopy</h1>
    </main>
  );
}
