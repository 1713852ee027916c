import type { Route } from "./+types/about";

export function meta(_: Route.MetaArgs) {
  return [{ title: "Our Story | About us" }];
}

export default function About() {
  return (
    <main id="main">
      <h1>Our Story</h1>
      <p>Who we are.</p>
    </main>
  );
}
