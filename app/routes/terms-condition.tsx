import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/terms-condition";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Terms and Conditions", description: "Terms and Conditions" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Terms and Conditions</h1>
    </main>
  );
}
