import { expect } from "vitest";
import { APPOINTMENT_PATH } from "../../domain/api-paths";
import type { TestApp } from "./app";
import { anotherPatient, validAppointment } from "./requests";

/**
 * Books through the JSON API as a patient would, and answers with the
 * private link it gave (its path and token) and the stored row.
 */
export async function bookWithLink(t: TestApp, overrides: Record<string, unknown> = {}) {
  // Each booking is its own patient (anotherPatient) unless the overrides give a date of birth:
  // the same patient twice for one service and day would be a possible duplicate (decision 049).
  const payload = validAppointment({ ...anotherPatient(), ...overrides });
  const res = await t.app.inject({ method: "POST", url: APPOINTMENT_PATH, payload });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { reference: string; manageUrl: string };
  const row = await t.db
    .selectFrom("appointments")
    .selectAll()
    .where("reference", "=", data.reference)
    .executeTakeFirstOrThrow();
  const path = new URL(data.manageUrl).pathname;
  return { ...data, path, token: path.split("/").pop()!, row, id: row.id };
}

/** The page's <main>. */
export const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

/**
 * The latest e-mail about `reference` and the private page it links to: the e-mail's text, the
 * page's path, and its <main> (answered 200).
 */
export async function privatePageFromMail(t: TestApp, reference: string) {
  const mail = await t.db
    .selectFrom("mail_queue")
    .select("text_body")
    .where("about_reference", "=", reference)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  const url = /https?:\/\/\S+?(\/(?:tn\/)?appointment\/[\w-]+)/.exec(mail.text_body);
  expect(url, mail.text_body).not.toBeNull();
  const res = await t.app.inject({ method: "GET", url: url![1]! });
  expect(res.statusCode).toBe(200);
  return { mail: mail.text_body, path: url![1]!, html: mainOf(res.body) };
}
