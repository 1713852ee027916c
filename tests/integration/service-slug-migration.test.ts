import { Migrator, type MigrationProvider } from "kysely";
import { describe, expect, it } from "vitest";
import { findServiceBySlug, SERVICES, serviceTitle } from "../../domain/catalogue";
import type { Db } from "../../server/db/index";
import { migrations } from "../../server/db/migrations/index";
import { TITLE_TO_SLUG } from "../../server/db/migrations/0012-appointment-service-slug";
import { onBothDatabases } from "../helpers/migration-check";
import { seedAppointment } from "../helpers/staff";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Stored values before 0012, and what each must be after it. */
const ROWS: [before: string, after: string][] = [
  ...TITLE_TO_SLUG.map(([title, slug]): [string, string] => [title, slug]),
  ["x-ray imaging", "x-ray"],
  ["  Breast Ultrasound ", "breast-ultrasound"],
  ["mammography", "mammography"],
  ["pain-management", "pain-management"],
  ["X-Ray", "X-Ray"],
  ["Something the catalogue never had", "Something the catalogue never had"],
];

async function serviceNames(db: Db, ids: number[]): Promise<string[]> {
  const rows = await db.selectFrom("appointments").select(["id", "service_name"]).orderBy("id").execute();
  return ids.map((id) => rows.find((r) => r.id === id)!.service_name);
}

async function checkMigration(db: Db) {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const before = await migrator.migrateTo("0011-staff-security");
  expect(before.error).toBeUndefined();
  const ids: number[] = [];
  for (const [stored] of ROWS) ids.push(await seedAppointment(db, { service_name: stored }));

  const up = await migrator.migrateToLatest();
  expect(up.error).toBeUndefined();
  expect(up.results?.map((r) => r.migrationName)).toContain("0012-appointment-service-slug");
  expect(await serviceNames(db, ids)).toEqual(ROWS.map(([, after]) => after));

  const down = await migrator.migrateTo("0011-staff-security");
  expect(down.error).toBeUndefined();
  // Slugs go back to titles (including those stored as slugs before); unknown values never changed.
  const titleOf = new Map(TITLE_TO_SLUG.map(([title, slug]) => [slug, title]));
  expect(await serviceNames(db, ids)).toEqual(ROWS.map(([, after]) => titleOf.get(after) ?? after));
}

describe("migration 0012: appointments store the service's slug", () => {
  it("converts to slugs of the catalogue; the staff pages show a value it does not know as stored", () => {
    for (const [, slug] of TITLE_TO_SLUG) expect(findServiceBySlug(slug), slug).toBeDefined();
    expect(serviceTitle("x-ray")).toBe(SERVICES.xRay.title);
    expect(serviceTitle("X-Ray")).toBe("X-Ray");
  });

  describe("converts titles to slugs, leaving slugs and unknown values as they are", () => {
    onBothDatabases("0012", checkMigration);
  });
});
