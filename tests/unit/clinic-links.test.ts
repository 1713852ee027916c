import { describe, expect, it } from "vitest";
import {
  compactHours,
  formatPhone,
  isPlaceholderPhone,
  mapsHref,
  PLACEHOLDER_PHONE,
  shortDays,
  telHref,
  telHrefForTyped,
  whatsappHref,
  whatsappHrefForTyped,
} from "../../domain/contact-links";
import { isActivePath, lastSegment } from "~/components/layout/nav-data";

describe("clinic links", () => {
  it("prints Botswana numbers the way the clinic does", () => {
    expect(formatPhone("+2673163012")).toBe("(+267) 316 3012");
    expect(formatPhone("+26771234567")).toBe("(+267) 71 234 567");
    expect(formatPhone("+441632960000")).toBe("+441632960000");
    expect(formatPhone("+27111234567")).toBe("+27111234567");
  });

  it("shows a placeholder number as a visible pattern, with no link to call or message", () => {
    expect(isPlaceholderPhone(PLACEHOLDER_PHONE)).toBe(true);
    expect(isPlaceholderPhone("+26771234567")).toBe(false);
    expect(formatPhone(PLACEHOLDER_PHONE)).toBe("(+267) 7X XXX XXX");
    expect(telHref(PLACEHOLDER_PHONE)).toBeUndefined();
    expect(whatsappHref({ whatsapp: PLACEHOLDER_PHONE })).toBeUndefined();
    expect(whatsappHref({ whatsapp: PLACEHOLDER_PHONE }, "Hello")).toBeUndefined();
  });

  it("builds tel:, WhatsApp and map addresses from configuration", () => {
    expect(telHref("+2673163012")).toBe("tel:+2673163012");
    expect(whatsappHref({ whatsapp: "+26771234567" })).toBe("https://wa.me/26771234567");
    expect(whatsappHref({ whatsapp: "+26771234567" }, "About GI-1 & 2?")).toBe(
      "https://wa.me/26771234567?text=About%20GI-1%20%26%202%3F",
    );
    expect(mapsHref({ geo: { latitude: -24.6282, longitude: 25.9231 } })).toBe(
      "https://www.google.com/maps/search/?api=1&query=-24.6282,25.9231",
    );
  });

  it("builds wa.me links for numbers as patients type them", () => {
    expect(whatsappHrefForTyped("+267 71 234 567")).toBe("https://wa.me/26771234567");
    expect(whatsappHrefForTyped("71234567")).toBe("https://wa.me/26771234567");
    expect(whatsappHrefForTyped("0026771234567")).toBe("https://wa.me/26771234567");
    expect(whatsappHrefForTyped("12")).toBeNull();
  });

  it("builds tel: links for numbers as patients type them, with the country code", () => {
    expect(telHrefForTyped("71 234 567")).toBe("tel:+26771234567");
    expect(telHrefForTyped("+267 71 234 567")).toBe("tel:+26771234567");
    expect(telHrefForTyped("0027 82 123 4567")).toBe("tel:+27821234567");
    expect(telHrefForTyped("12")).toBeNull();
  });

  it("writes opening days compactly", () => {
    expect(shortDays([1, 2, 3, 4, 5])).toBe("Mon–Fri");
    expect(shortDays([6])).toBe("Sat");
    expect(shortDays([3, 1])).toBe("Mon, Wed");
    expect(
      compactHours([
        { days: [1, 2, 3, 4, 5], opens: "08:00", closes: "20:00" },
        { days: [6], opens: "09:00", closes: "13:00" },
      ]),
    ).toBe("Mon–Fri 08:00–20:00 · Sat 09:00–13:00");
  });
});

describe("active menu item", () => {
  it("follows the last segment of the path", () => {
    expect(lastSegment("/")).toBe("");
    expect(lastSegment("/services/x-ray/")).toBe("x-ray");
    expect(lastSegment("/details?name=x-ray")).toBe("details");
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/services/x-ray", "/services/x-ray")).toBe(true);
    expect(isActivePath("/services", "/services/x-ray")).toBe(false);
    expect(isActivePath("/about", "/about/")).toBe(true);
  });
});
