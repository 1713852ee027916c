import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (its BaseSequencer: the projects by name, each project's files longest or largest
 * first), with the PostgreSQL pass moved to the front. Its files wait on the database server more
 * than the SQLite passes wait on anything, so they run first, while `npm test` runs Playwright on
 * PostgreSQL and Lighthouse beside Vitest and those fill the cores the waits leave; the SQLite passes,
 * busy with their own work, then take the end, where Vitest runs alone (decision 088).
 */
export default class PassSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = (spec: TestSpecification) => (spec.project.name === "integration-pg" ? 0 : 1);
    return sorted.toSorted((a, b) => first(a) - first(b));
  }
}
