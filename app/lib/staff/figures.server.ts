/* The manager's figures page (decision 070): missed visits, reminders confirmed, freed times filled. */

export {
  figureTables,
  figuresRange,
  FIGURES_MAX_MONTHS,
  type FigureCell,
  type FigureName,
  type FigureTable,
} from "../../../server/appointments/front-desk/index";
