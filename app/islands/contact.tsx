import { ContactPage } from "~/components/forms/contact-form";
import { mountIsland } from "./mount";

mountIsland("contact", ContactPage);
