import { describe, expect, it } from "vitest";
import { STAFF_NAME_INVALID, STAFF_NAME_LENGTH, STAFF_NAME_MAX, staffNameProblem } from "../../domain/staff-names";

describe("a staff member's name", () => {
  it("accepts names as people write them", () => {
    for (const name of [
      "Kagiso Molefe",
      "Thato O'Neill-Dube",
      "Zoë Mmusi",
      "Dr. A. Sebina",
      "x".repeat(STAFF_NAME_MAX),
    ]) {
      expect(staffNameProblem(name), name).toBeNull();
    }
  });

  it("refuses line breaks, tabs, other control characters and text-direction overrides", () => {
    for (const ch of [
      "\n",
      "\r",
      "\t",
      "\v",
      "\f",
      "\u0000",
      "\u0007",
      "\u001b",
      "\u007f",
      "\u0085",
      "\u009b",
      "\u2028",
      "\u2029",
      "\u202e",
      "\u2066",
    ]) {
      expect(staffNameProblem(`Jane${ch}Doe`), JSON.stringify(ch)).toBe(STAFF_NAME_INVALID);
    }
  });

  it("refuses an empty or too long name", () => {
    expect(staffNameProblem("")).toBe(STAFF_NAME_LENGTH);
    expect(staffNameProblem("x".repeat(STAFF_NAME_MAX + 1))).toBe(STAFF_NAME_LENGTH);
  });
});
