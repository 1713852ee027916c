import { BookingFlow } from "~/components/forms/booking/booking-form";
import { mountIsland } from "./mount";

mountIsland("booking", BookingFlow);
