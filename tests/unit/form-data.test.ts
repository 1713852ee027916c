import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formText, parseForm } from "~/lib/form-data";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("parseForm: one way to read a form", () => {
  const schema = z.object({ name: formText(5), password: formText(1000), note: formText() });

  it("gives the value: a missing field reads as empty, text is cut to its limit and never trimmed", () => {
    const result = parseForm(
      form([
        ["name", "  Kagiso Mo"],
        ["password", " secret "],
      ]),
      schema,
    );
    expect(result).toEqual({ ok: true, value: { name: "  Kag", password: " secret ", note: "" } });
  });

  it("reads the first value of a repeated field, as FormData.get does", () => {
    const result = parseForm(
      form([
        ["note", "first"],
        ["note", "second"],
      ]),
      schema,
    );
    expect(result.ok && result.value.note).toBe("first");
  });

  it("gives the errors by field, with the values as sent kept for the form", () => {
    const strict = z.object({
      email: formText(254).pipe(z.string().min(1, "Enter your email address.")),
      code: formText(40),
    });
    const result = parseForm(form([["code", "12"]]), strict);
    expect(result).toEqual({
      ok: false,
      errors: { email: ["Enter your email address."] },
      values: { code: "12" },
    });
  });

  it("reads an uploaded file's field as text rather than failing", () => {
    const f = new FormData();
    f.append("note", new Blob(["x"]), "x.txt");
    const result = parseForm(f, schema);
    expect(result.ok && result.value.note).toBe("[object File]");
  });
});
