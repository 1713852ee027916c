import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/pain-management";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "pain-management", description: "pain-management" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>pain-management</h1>
    </main>
  );
}
