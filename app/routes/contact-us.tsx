import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/contact-us";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Contact Us", description: "Contact Us" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Contact Us</h1>
    </main>
  );
}
