import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichMessage } from "~/components/info/rich-message";
import {
  CLOSED_DAYS,
  CLOSED_NOTE,
  closedDaysWords,
  closedNote,
  OPENING_HOURS,
  openingHoursSentence,
  openingPeriodLabel,
} from "../../domain/clinic";
import { m } from "../../domain/paraglide/messages.js";

/*
 * The content pages' words in both languages (issue 26): the clinic's hours said in Setswana from
 * the same opening hours, and sentences whose link or bold words sit where each language's word order puts them.
 */

const withoutSaturday = OPENING_HOURS.filter((p) => !p.days.includes(6));

describe("the opening hours in Setswana, from the same hours as the English", () => {
  it("names the days the clinic is open and closed, with CLDR's day names", () => {
    expect(OPENING_HOURS.map((p) => openingPeriodLabel(p, "tn"))).toEqual([
      "Mosupologo go ya go Labotlhano",
      "Matlhatso",
    ]);
    expect(closedDaysWords(OPENING_HOURS, false, "tn")).toBe("Tshipi le malatsi a boikhutso a setšhaba");
    expect(closedNote(OPENING_HOURS, "tn")).toBe("Re tswetse ka Tshipi le malatsi a boikhutso a setšhaba");
    expect(openingHoursSentence(OPENING_HOURS, "tn")).toBe(
      "Re bulegile Mosupologo go ya go Labotlhano 08:00 go ya go 20:00 le Matlhatso 09:00 go ya go 13:00; " +
        "re tswetse ka Tshipi le malatsi a boikhutso a setšhaba.",
    );
  });

  it("follows the hours: without Saturday's, Saturday is closed in Setswana too", () => {
    expect(closedNote(withoutSaturday, "tn")).toBe("Re tswetse ka Matlhatso, Tshipi le malatsi a boikhutso a setšhaba");
    expect(
      openingPeriodLabel({ days: [1, 3], label: "Monday and Wednesday", opens: "08:00", closes: "12:00" }, "tn"),
    ).toBe("Mosupologo le Laboraro");
  });

  it("leaves the English as it was", () => {
    expect(CLOSED_DAYS).toBe("Sundays and public holidays");
    expect(CLOSED_NOTE).toBe("Closed on Sundays and public holidays");
    expect(closedNote(withoutSaturday)).toBe("Closed on Saturdays, Sundays and public holidays");
    expect(OPENING_HOURS.map((p) => openingPeriodLabel(p))).toEqual(["Monday to Friday", "Saturday"]);
  });
});

describe("RichMessage", () => {
  const link = <a href="/x">home page</a>;

  it("puts a part where the sentence's placeholder stands, in each language's order", () => {
    const page = (locale: "en" | "tn") =>
      renderToStaticMarkup(
        <RichMessage
          message={m.privacy_maps_text}
          parts={{ link: <a href="/x">{m.privacy_maps_home_link({}, { locale })}</a> }}
          locale={locale}
        />,
      );
    expect(page("en")).toMatch(/^The map on our <a href="\/x">home page<\/a> loads from Google only when you ask/);
    expect(page("tn")).toMatch(/^Mmapa o o mo <a href="\/x">tsebeng ya ntlha<\/a> ya rona o tswa kwa Google/);
  });

  it("takes words and elements together, and escapes the words", () => {
    const html = renderToStaticMarkup(
      <RichMessage
        message={m.privacy_share_carriers}
        parts={{ term: <strong>T</strong>, provider: "A & B <SMS>" }}
        locale="en"
      />,
    );
    expect(html).toMatch(/^<strong>T<\/strong>, if you choose text messages or WhatsApp: A &amp; B &lt;SMS&gt;, which/);
    expect(
      renderToStaticMarkup(<RichMessage message={m.privacy_share_no_sale} parts={{ statement: link }} locale="tn" />),
    ).toBe('<a href="/x">home page</a> go motho ope.');
  });
});
