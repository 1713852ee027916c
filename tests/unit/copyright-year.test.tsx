// @vitest-environment jsdom
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "~/components/layout/site-footer";
import { loadConfig } from "../../server/base/config";
import { stampYear } from "../../server/http/static-site";

const clinic = loadConfig({ NODE_ENV: "test" }).clinic;
const footer = (renderedYear: number) => (
  <MemoryRouter>
    <SiteFooter clinic={clinic} renderedYear={renderedYear} />
  </MemoryRouter>
);

describe("the footer's copyright year", () => {
  it("is marked for the server's stamp, and a stamped year survives hydration with no mismatch", async () => {
    // Prerendered in 2026, stamped by the server in 2031; the loader data still says 2026.
    const built = renderToString(footer(2026));
    const stamped = stampYear(built, 2031);
    expect(stamped).not.toBe(built);
    expect(stamped).toContain(">2031</span>");

    const container = document.createElement("div");
    container.innerHTML = stamped;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, footer(2026), {
        onRecoverableError: (error) => errors.push(error),
        onUncaughtError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(container.querySelector('[data-testid="copyright-year"]')?.textContent).toBe("2031");
    expect(container.querySelector(".site-footer__bottom-inner p")?.textContent).toMatch(/^© 2031 /);
  });
});
