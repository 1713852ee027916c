import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS } from "../../domain/payments";
import { APPOINTMENT_MESSAGES } from "../../domain/validation/appointment";
import { ALTERNATE_NUMBER_LABEL } from "../../domain/validation/appointment-form";
import { CLIENT_BUILD_DIR } from "../../server/base/paths";
import { m } from "../../domain/paraglide/messages.js";

// Needs a client build (`npm run build`), like every servePages test.

/**
 * One word for one thing, and dates the Botswana way, over every built page
 * (decision 025). The message catalogue is checked
 * in tests/unit/words.test.ts, the e-mails in tests/unit/patient-words.test.tsx.
 */

const PAGES = fs
  .readdirSync(CLIENT_BUILD_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".html"))
  .sort();

const read = (file: string) => fs.readFileSync(path.join(CLIENT_BUILD_DIR, file), "utf8");

/** The words a visitor reads: no scripts, styles or tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

/** An ISO date, a month-first date ("December 7, 2026") or a numeric month-first one ("12/25/2026"). */
const NOT_DAY_MONTH_YEAR =
  /\b\d{4}-\d{2}-\d{2}\b|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b(?:1[0-2]|0?[1-9])\/(?:1[3-9]|2\d|3[01])\/\d{4}\b/;

describe("the built pages: one word for one thing", () => {
  it("the build has the pages (the checks below can fail)", () => {
    expect(PAGES).toContain("index.html");
    expect(PAGES).toContain(path.join("book-appointment", "index.html"));
    expect(PAGES).toContain(path.join("contact-us", "index.html"));
    expect(PAGES.length).toBeGreaterThan(20);
  });

  it.each(PAGES)("%s says enquiry, never inquiry, anywhere in the page", (file) => {
    expect(read(file).match(/.{0,40}inquir.{0,40}/gi)).toBeNull();
  });

  it.each(PAGES)("%s names the second phone number one way and the medical aids as the clinic does", (file) => {
    const text = visibleText(read(file));
    expect(text.match(/.{0,40}\balternate\b.{0,40}/gi)).toBeNull();
    expect(text.match(/.{0,40}\b(?:Bpomas|Pula)\b.{0,40}/g)).toBeNull();
  });

  // The Setswana pages, built with the default settings, have no English where the catalogue has the words.
  const SETSWANA = PAGES.filter((file) => file.startsWith(`tn${path.sep}`) || file === path.join("tn", "index.html"));
  const ENGLISH_LEFT = [
    m.staff_page_name_to_be_confirmed({}, { locale: "en" }),
    m.layout_site_credit_placeholder({}, { locale: "en" }),
    "Website by",
  ];
  it("the build has the Setswana pages", () => {
    expect(SETSWANA).toContain(path.join("tn", "our-staff", "index.html"));
  });
  it.each(SETSWANA)(
    "%s has no English left: not the staff's names to be confirmed, nor the footer's credit",
    (file) => {
      const text = visibleText(read(file));
      for (const english of ENGLISH_LEFT) expect(text).not.toContain(english);
      expect(text).toContain(m.layout_site_credit_placeholder({}, { locale: "tn" }));
    },
  );
  it("the Setswana staff page says the names are to be confirmed in Setswana", () => {
    expect(visibleText(read(path.join("tn", "our-staff", "index.html")))).toContain(
      m.staff_page_name_to_be_confirmed({}, { locale: "tn" }),
    );
  });

  it.each(PAGES)("%s writes dates as day, month and year", (file) => {
    expect(visibleText(read(file)).match(NOT_DAY_MONTH_YEAR)).toBeNull();
  });

  it("the booking form labels the alternative number as its error names it, and the medical aids as written", () => {
    const html = read(path.join("book-appointment", "index.html"));
    const label = /<label[^>]*for="alternateNumber"[^>]*>([\s\S]*?)<\/label>/.exec(html)?.[1] ?? "";
    expect(visibleText(label).trim()).toBe(ALTERNATE_NUMBER_LABEL);
    expect(APPOINTMENT_MESSAGES.alternateNumber).toBe(`${ALTERNATE_NUMBER_LABEL} is required.`);
    const text = visibleText(html);
    for (const { label: payment } of PAYMENT_METHODS) expect(text).toContain(payment);
    expect(text).toContain("We accept BPOMAS and PULA medical aid.");
  });
});
