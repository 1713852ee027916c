import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { isMobile, toE164 } from "../../server/texts/phone";

describe("isMobile (decision 030)", () => {
  it("tells mobiles from landlines as typed or in E.164, at home and abroad, from one reading of the number", () => {
    const cases: [string, boolean][] = [
      ["71234567", true],
      ["+267 71 234 567", true],
      ["72345678", true],
      ["3163012", false],
      ["+2673163012", false],
      ["+44 7911 123456", true],
      ["+27 82 123 4567", true],
      ["+44 20 7946 0958", false],
      ["+1 202 555 0143", true], // the United States do not tell mobiles from landlines
      ["1234", false],
      ["not a number", false],
      ["", false],
    ];
    for (const [number, mobile] of cases) {
      expect(isMobile(number), number).toBe(mobile);
      // The same as reading its E.164 form again, as it was read before.
      const e164 = toE164(number);
      const type = e164 ? parsePhoneNumberFromString(e164)?.getType() : undefined;
      expect(type === "MOBILE" || type === "FIXED_LINE_OR_MOBILE", number).toBe(mobile);
    }
  });
});
