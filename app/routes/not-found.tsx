import { Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function meta(_: Route.MetaArgs) {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main id="main">
      <h1>We could not find that page</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <ul>
        <li><Link to="/">Home</Link></li>
        <li><Link to="/services">Our services</Link></li>
        <li><Link to="/contact-us">Contact us</Link></li>
      </ul>
    </main>
  );
}
