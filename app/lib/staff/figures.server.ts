/* The manager's figures page (decision 070): missed visits, reminders confirmed, freed times filled. */

export { figures, figuresRange, FIGURES_MAX_MONTHS } from "../../../server/appointments/front-desk/index";
