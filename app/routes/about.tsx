import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Our Story", description: "Who we are, and our mission and vision." });
}

export default function About() {
  return (
    <main id="main">
      <h1>Our Story</h1>
      <p>Who we are.</p>
    </main>
  );
}
