import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Integration files that spend most of their time waiting on a peer or a clock, not on the CPU:
 * Orthanc's stable-study timer, the SMPP centre's windows, child processes, slow clients.
 */
const WAITING = [
  "images-orthanc",
  "worklist-orthanc",
  "text-messages-smpp",
  "http-edges",
  "requests-process",
  "stop-and-time-limits",
  "server-lifecycle",
  "multi-instance",
  "staff-lockout-instances",
  "backup",
  "migrate-lock",
].map((name) => `/tests/integration/${name}.test.ts`);

/**
 * Vitest's order (its BaseSequencer: the projects by name, each project's files longest or largest
 * first), with the files that wait most (WAITING, in every pass) first, then the PostgreSQL pass,
 * whose files wait on the database server. `npm test` runs Playwright on PostgreSQL and Lighthouse
 * beside the start of Vitest, and their work fills the cores these waits leave; the SQLite passes,
 * busy with their own work, take the end, where Vitest runs alone (decision 088).
 */
export default class PassSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) =>
      WAITING.some((file) => spec.moduleId.endsWith(file)) ? 0 : spec.project.name === "integration-pg" ? 1 : 2;
    return sorted.toSorted((a, b) => rank(a) - rank(b));
  }
}
