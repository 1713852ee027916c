import { BookingPage } from "~/components/forms/booking/booking-form";
import { mountIsland } from "./mount";

mountIsland("booking", BookingPage);
