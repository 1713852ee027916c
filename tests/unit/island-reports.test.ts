import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_MESSAGE_MAX, cleanClientErrorMessage, reportedScriptIn } from "../../domain/islands";

describe("an island's failure report carries nothing a visitor typed", () => {
  it.each([
    [
      `SyntaxError: Unexpected token 'N', "Neo Sebego 71234567" is not valid JSON`,
      "SyntaxError: Unexpected token …, … is not valid JSON",
    ],
    [
      "Minified React error #418; visit https://react.dev/errors/418?args[]=Neo%20Sebego for the full message",
      "Minified React error #418; visit /errors/418 for the full message",
    ],
    [
      "TypeError: Failed to fetch dynamically imported module: http://127.0.0.1:4421/assets/island-contact-fields-4qrD42gr.js",
      "TypeError: Failed to fetch dynamically imported module: /assets/island-contact-fields-4qrD42gr.js",
    ],
    ["mail neo.sebego@example.net, phone 71 234 567, ID 123-456-789", "mail [e-mail], phone #, ID #"],
    ["line one\n\tline two", "line one line two"],
  ])("%s", (message, cleaned) => {
    expect(cleanClientErrorMessage(message)).toBe(cleaned);
  });

  it(`cuts a message at ${CLIENT_ERROR_MESSAGE_MAX} characters`, () => {
    const cleaned = cleanClientErrorMessage("word ".repeat(100));
    expect(cleaned).toHaveLength(CLIENT_ERROR_MESSAGE_MAX);
    expect(cleaned.endsWith("…")).toBe(true);
  });

  it("names only an island script or chunk, as a path", () => {
    expect(reportedScriptIn("at http://x.example/assets/island-contact-a-B1.js?x=1")).toBe(
      "/assets/island-contact-a-B1.js",
    );
    expect(reportedScriptIn("at http://x.example/islands/booking.js")).toBe("/islands/booking.js");
    expect(reportedScriptIn("at http://x.example/other/thing.js")).toBeUndefined();
  });
});
