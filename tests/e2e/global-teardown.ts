import { dropTestDatabase } from "../helpers/pg";

/** Drops the run's PostgreSQL database (made in playwright.config.ts), if there was one. */
export default async function globalTeardown() {
  const admin = process.env.TEST_DATABASE_URL;
  const url = process.env.E2E_DATABASE_URL;
  if (!admin || !url) return;
  await dropTestDatabase(admin, new URL(url).pathname.slice(1));
}
