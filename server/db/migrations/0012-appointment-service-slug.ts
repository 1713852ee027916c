import { sql, type Kysely } from "kysely";

// Appointments store the service's catalogue slug, not its title (decision 013).
// Converts the rows stored until now: each title the booking form has offered
// (compared without regard to case or surrounding spaces) becomes its slug. A
// slug already stored stays as it is, and so does any other value: the staff
// pages show an unknown value as stored. The titles are written out here, not
// read from the catalogue, so this migration keeps its meaning if a title
// changes later. Portable across SQLite and PostgreSQL.

/** The titles of the bookable services when this migration was written, with their slugs. */
export const TITLE_TO_SLUG: readonly [title: string, slug: string][] = [
  ["Ultrasound Imaging", "ultrasound"],
  ["X-ray Imaging", "x-ray"],
  ["Fluoroscopy Imaging", "fluoroscopy"],
  ["Bone Densitometry (DEXA Scan)", "bone-densitometry-dexa-scan"],
  ["Breast Ultrasound", "breast-ultrasound"],
  ["3D Pregnancy Scan", "3d-pregnancy-scan"],
  ["Minimally Invasive Procedures", "minimally-invasive-procedure"],
  ["Pain Management", "pain-management"],
  ["Remote Reporting", "remote-reporting"],
  ["Mammography", "mammography"],
  ["Advanced Technology", "advanced-technology"],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  for (const [title, slug] of TITLE_TO_SLUG) {
    await db
      .updateTable("appointments")
      .set({ service_name: slug })
      .where(sql`lower(trim(service_name))`, "=", title.toLowerCase())
      .execute();
  }
}

/** Back to titles: every slug above becomes its title again (unknown values were never changed). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const [title, slug] of TITLE_TO_SLUG) {
    await db.updateTable("appointments").set({ service_name: title }).where("service_name", "=", slug).execute();
  }
}
