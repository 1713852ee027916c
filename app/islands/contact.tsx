import { ContactForm } from "~/components/forms/contact-form";
import { mountIsland } from "./mount";

mountIsland("contact", ContactForm);
