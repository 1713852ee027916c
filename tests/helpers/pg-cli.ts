/**
 * `tsx tests/helpers/pg-cli.ts create <prefix>` prints the URL of a fresh
 * database; `drop <name>` drops one. For Playwright's config, which must
 * create its run's database synchronously, before it starts the web server.
 */
import { createTestDatabase, dropTestDatabase } from "./pg";

const admin = process.env.TEST_DATABASE_URL;
const [command, arg] = process.argv.slice(2);
if (!admin) throw new Error("TEST_DATABASE_URL is not set");
if (command === "create") {
  const db = await createTestDatabase(admin, arg ?? "e2e");
  process.stdout.write(db.url);
} else if (command === "drop" && arg) {
  await dropTestDatabase(admin, arg);
} else {
  throw new Error("usage: pg-cli.ts create [prefix] | drop <name>");
}
