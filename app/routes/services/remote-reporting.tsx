import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/remote-reporting";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "remote-reporting", description: "remote-reporting" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>remote-reporting</h1>
    </main>
  );
}
