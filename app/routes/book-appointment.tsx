import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/book-appointment";

// Placeholder: content arrives with the public-site work.
export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Book an Appointment", description: "Book an Appointment" });
}

export default function Page() {
  return (
    <main id="main">
      <h1>Book an Appointment</h1>
    </main>
  );
}
