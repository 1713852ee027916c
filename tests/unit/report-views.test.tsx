// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { ReportCard } from "~/routes/staff/appointment/report";
import type { StaffReportCard } from "../../server/appointments/reports/index";

/** The staff view of a report (decision 075), as the appointment page renders it. */
describe("the staff appointment page's report card", () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const card = (links: StaffReportCard["links"]): StaffReportCard => ({
    canAttach: true,
    roleMayAttach: true,
    statusAllows: true,
    versions: [{ id: "v1", version: 1, uploadedAt: "2026-12-07T08:00:00.000Z", size: 2048, by: "Dr Radiologist" }],
    release: null,
    links,
    events: [],
  });

  it("lists two links e-mailed at the same moment (two versions attached in one second) as two rows, keyed by their ids", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const sentAt = "2026-12-07T08:00:00.000Z";
    const link = { sentAt, expiresAt: "2026-12-21T08:00:00.000Z", codeSentAt: null, locked: false };
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => (
          <ReportCard
            id={7}
            report={card([
              { id: 1, ...link },
              { id: 2, ...link, locked: true },
            ])}
            error={null}
            busy={false}
          />
        ),
      },
    ]);
    const html = render(<Stub initialEntries={["/"]} />).container.innerHTML;
    expect(html.match(/E-mailed to the referring doctor/g)).toHaveLength(2);
    expect(html).toContain("is locked (5 wrong codes)");
    // React says so, as the page hydrates, when two rows share a key (the time they were sent, before).
    expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining("same key"));
  });
});
