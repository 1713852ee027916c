import { describe, expect, it } from "vitest";
import { escapeHtml, link, table } from "../../server/mail/compose";

/** What the e-mails' HTML writes of a value (server/mail/compose.ts). */
describe("escapeHtml", () => {
  it("writes each of & < > \" ' as its entity and leaves every other character", () => {
    expect(escapeHtml(`<a href="x">Tom & 'Jerry'</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; &#39;Jerry&#39;&lt;/a&gt;",
    );
    expect(escapeHtml("&amp;")).toBe("&amp;amp;");
    expect(escapeHtml("Mpho Kgosi, 7 Dec — Ultrasound")).toBe("Mpho Kgosi, 7 Dec — Ultrasound");
    expect(escapeHtml("")).toBe("");
  });

  it("escapes what the tables and links of an e-mail carry", () => {
    expect(table([["Name", "<b>"]]).html).toBe('<table><tr><th align="left">Name</th><td>&lt;b&gt;</td></tr></table>');
    expect(link('https://x.example/?a=1&b="2"', "Open")).toBe(
      '<p><a href="https://x.example/?a=1&amp;b=&quot;2&quot;">Open</a></p>',
    );
  });
});
