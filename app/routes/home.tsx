import { Link } from "react-router";
import { useClinic } from "~/root";
import type { Route } from "./+types/home";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Diagnostic imaging and radiology in Gaborone" },
    { name: "description", content: "Ultrasound, X-ray, fluoroscopy, DEXA and more in Gaborone, Botswana." },
  ];
}

export default function Home() {
  const clinic = useClinic();
  return (
    <main id="main">
      <h1>{clinic.name}</h1>
      <p>Medical imaging and radiology centre in {clinic.address.city}.</p>
      <Link to="/about">About us</Link>
    </main>
  );
}
