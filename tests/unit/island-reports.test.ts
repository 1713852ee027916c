import { describe, expect, it } from "vitest";
import { CLIENT_ERROR_MESSAGES, clientErrorMessage, reportedScriptIn } from "../../domain/islands";

describe("an island's failure report carries nothing a visitor typed", () => {
  it.each([
    [`SyntaxError: Unexpected token 'N', "Neo Sebego 71234567" is not valid JSON`, "data could not be read as JSON"],
    [
      "Minified React error #418; visit https://react.dev/errors/418?args[]=Neo%20Sebego for the full message",
      "React could not hydrate the page",
    ],
    ["Error: Minified React error #31; visit https://react.dev/errors/31?args[]=neo%40example.net", "React error"],
    [
      "TypeError: Failed to fetch dynamically imported module: http://127.0.0.1:4421/assets/island-contact-fields-4qrD42gr.js",
      "a module did not load",
    ],
    ["TypeError: Failed to fetch", "a network request failed"],
    ["TypeError: Cannot read properties of undefined (reading 'Neo Sebego')", "TypeError"],
    ["ReferenceError: Kagiso is not defined", "ReferenceError"],
    ["Error: mail neo.sebego@example.net, phone ７１２３４５６７, ID 123.456.789", "another error"],
    ["Neo Sebego", "another error"],
  ])("%s", (message, phrase) => {
    expect(clientErrorMessage(message)).toBe(phrase);
  });

  it("gives every phrase of the list as it is, and nothing outside it", () => {
    for (const phrase of CLIENT_ERROR_MESSAGES) expect(clientErrorMessage(phrase)).toBe(phrase);
    expect(CLIENT_ERROR_MESSAGES).toContain(clientErrorMessage("x".repeat(500)));
  });

  it("names only an island script or chunk, as a path", () => {
    expect(reportedScriptIn("at http://x.example/assets/island-contact-a-B1.js?x=1")).toBe(
      "/assets/island-contact-a-B1.js",
    );
    expect(reportedScriptIn("at http://x.example/islands/booking.js")).toBe("/islands/booking.js");
    expect(reportedScriptIn("at http://x.example/other/thing.js")).toBeUndefined();
  });
});
