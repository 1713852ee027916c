// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { DisclosureNav } from "~/components/service/disclosure-nav";
import { ServiceBody } from "~/components/service/service-body";
import { findServicePage, ServicePage } from "~/components/service/service-page";
import { SERVICE_PAGES, SIDEBAR_CATEGORIES } from "../../domain/catalogue";
import { h2, link, note, p, strong, ul } from "../../domain/services/content";
import { findServicePageContent } from "../../domain/services/pages";

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
  it("is one named <details> per group, the initial one open, with the current link marked", () => {
    const { container } = render(
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
    const details = [...container.querySelectorAll("details")];
    expect(details.map((d) => d.querySelector("summary")?.textContent)).toEqual(groups.map((g) => g.name));
    // One shared name: the browser keeps at most one group open (services.spec.ts checks it in Chromium).
    expect(new Set(details.map((d) => d.getAttribute("name"))).size).toBe(1);
    expect(details[0]?.getAttribute("name")).toBeTruthy();
    expect(details.filter((d) => d.open).map((d) => d.querySelector("summary")?.textContent)).toEqual([
      "Women's Imaging",
    ]);
    // Every group's links are in the HTML, open or not.
    expect(container.querySelectorAll("a")).toHaveLength(groups.flatMap((g) => g.links).length);
    expect(screen.getByRole("link", { name: "3D Pregnancy Scan" })).toHaveAttribute("aria-current", "page");
    expect(container.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  });
});

describe("ServiceBody", () => {
  it("renders a page's blocks: headings, paragraphs with bold text and links, lists and notes", () => {
    const { container } = render(
      <MemoryRouter>
        <ServiceBody
          blocks={[
            h2("How to prepare"),
            p("Bring it, or upload it when you", " ", link("/book-appointment", "book online"), "."),
            ul([strong("Abdomen:"), " do not eat."], "Wear comfortable clothing."),
            note("Pregnancy", p(strong("Tell us if you may be pregnant."))),
          ]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 2, name: "How to prepare" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "book online" })).toHaveAttribute("href", "/book-appointment");
    expect(container.querySelector("li strong")?.textContent).toBe("Abdomen:");
    expect(screen.getByRole("note", { name: "Pregnancy" })).toHaveTextContent("Tell us if you may be pregnant.");
    expect(container.querySelector("p")?.textContent).toBe("Bring it, or upload it when you book online.");
  });

  it("has page text for every service in the catalogue", () => {
    for (const s of SERVICE_PAGES) expect(findServicePageContent(s.slug), s.slug).toBeDefined();
    expect(findServicePageContent("no-such-service")).toBeUndefined();
  });
});
