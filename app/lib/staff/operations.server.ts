/* The system's health in words (decision 033): the manager's system page, and the troubles the overview warns of. */

export { overviewTroubles, systemStatus } from "../../../server/operations/system";
