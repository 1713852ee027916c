// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DisclosureNav } from "~/components/service/disclosure-nav";
import { findServicePage, ServicePage } from "~/components/service/service-page";
import { SERVICE_PAGES, SIDEBAR_CATEGORIES } from "../../domain/catalogue";

afterEach(cleanup);

const groups = SIDEBAR_CATEGORIES.map((c) => ({
  id: c.id,
  name: c.name,
  links: c.subcategories.map((s) => ({ name: s.name, href: s.link })),
}));

describe("ServicePage", () => {
  it("shows 'Service not found.' when the slug is not in the catalogue", () => {
    render(
      <MemoryRouter>
        <ServicePage slug="no-such-service">
          <p>content that must not show</p>
        </ServicePage>
      </MemoryRouter>,
    );
    expect(screen.getByText("Service not found.")).toBeInTheDocument();
    expect(screen.queryByText("content that must not show")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "See all our services" })).toHaveAttribute("href", "/services");
  });

  it("finds every catalogue page by its slug", () => {
    for (const s of SERVICE_PAGES) expect(findServicePage(s.slug)).toBe(s);
  });
});

describe("DisclosureNav", () => {
  it("keeps at most one group open and marks the current link", async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <DisclosureNav
          label="Our services"
          heading="Our services"
          groups={groups}
          initialOpenId="womens-imaging"
          currentHref="/services/3d-pregnancy-scan"
        />
      </MemoryRouter>,
    );
    const womens = screen.getByRole("button", { name: "Women's Imaging" });
    const telemedicine = screen.getByRole("button", { name: "Telemedicine and Teleradiology" });
    expect(womens).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("link", { name: "3D Pregnancy Scan" })).toHaveAttribute("aria-current", "page");
    expect(document.getElementById(womens.getAttribute("aria-controls")!)).toBeVisible();

    await user.click(telemedicine);
    expect(telemedicine).toHaveAttribute("aria-expanded", "true");
    expect(womens).toHaveAttribute("aria-expanded", "false");
    expect(screen.getAllByRole("link").map((a) => a.textContent)).toEqual(["Remote Reporting"]);

    await user.click(telemedicine);
    expect(telemedicine).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryAllByRole("link")).toHaveLength(0);
  });
});
