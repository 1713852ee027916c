/**
 * The face of appointments/worklist/: the imaging machines' worklist files
 * (decision 065). Everything else in the folder is private to it.
 */
export { startWorklist, sweepWorklist, syncWorklist, worklistState, type WorklistRun } from "./worklist-sync";
export { worklistDataset } from "./worklist-item";
