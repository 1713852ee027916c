import { startMailSink } from "./mail-sink";

/**
 * Starts the SMTP sink the server sends to during end-to-end runs
 * (playwright.config.ts points the server's SMTP_URL at E2E_SMTP_PORT).
 * Each received message becomes an .eml file in E2E_MAIL_DIR, which specs
 * read (readMails from ./mail-sink) to find, e.g., a patient's confirmation.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = process.env.E2E_MAIL_DIR;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!dir || !port) throw new Error("E2E_MAIL_DIR and E2E_SMTP_PORT must be set by playwright.config.ts");
  const sink = await startMailSink(dir, port);
  return () => sink.close();
}
