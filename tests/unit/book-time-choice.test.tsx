// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BookedConfirmation } from "~/components/forms/booking/booked";
import { slotDays } from "~/components/forms/booking/free-times";
import { offeredTimes } from "~/components/forms/booking/submission";
import { TakenNotice } from "~/components/forms/booking/taken";
import { DayChoice, shownDay, TimeChoice, windowOf, WINDOW_DAYS } from "~/components/forms/booking/time-choice";
import { WayChoice } from "~/components/forms/booking/way-choice";
import { LocaleProvider } from "~/lib/locale";

afterEach(cleanup);

describe("the day step's windows (decision 064)", () => {
  it("holds WINDOW_DAYS days from the day asked, within today and the horizon, with its neighbours", () => {
    expect(windowOf("2026-12-07", "2026-12-07", "2027-02-05")).toEqual({
      from: "2026-12-07",
      to: "2026-12-20",
      later: "2026-12-21",
    });
    expect(windowOf("2026-12-21", "2026-12-07", "2027-02-05")).toEqual({
      from: "2026-12-21",
      to: "2027-01-03",
      earlier: "2026-12-07",
      later: "2027-01-04",
    });
    expect(WINDOW_DAYS).toBe(14);
  });

  it("is always one of the windows counted from today, whatever day inside it is asked", () => {
    expect(windowOf("2026-12-10", "2026-12-07", "2027-02-05").from).toBe("2026-12-07");
    expect(windowOf("2027-01-01", "2026-12-07", "2027-02-05")).toEqual({
      from: "2026-12-21",
      to: "2027-01-03",
      earlier: "2026-12-07",
      later: "2027-01-04",
    });
  });

  it("never starts before today nor runs past the last day, which has no later window", () => {
    expect(windowOf("2026-11-01", "2026-12-07", "2027-02-05").from).toBe("2026-12-07");
    expect(windowOf("2027-02-03", "2026-12-07", "2027-02-05")).toEqual({
      from: "2027-02-01",
      to: "2027-02-05",
      earlier: "2027-01-18",
    });
    expect(windowOf("2027-03-01", "2026-12-07", "2027-02-05").from).toBe("2027-02-01");
  });

  it("shows the day asked for when it has free times, else the window's first free day", () => {
    const window = {
      from: "2026-12-07",
      to: "2026-12-20",
      days: [
        { date: "2026-12-08", times: ["09:00"] },
        { date: "2026-12-09", times: ["10:00"] },
      ],
    };
    expect(shownDay(window, "2026-12-09")?.date).toBe("2026-12-09");
    expect(shownDay(window, "2026-12-07")?.date).toBe("2026-12-08");
    expect(shownDay(window)?.date).toBe("2026-12-08");
    expect(shownDay(null, "2026-12-09")).toBeUndefined();
  });
});

describe("what the island takes from the API", () => {
  it("keeps only well-formed days and times from the slots answer", () => {
    expect(
      slotDays({
        days: [
          { date: "2026-12-08", times: ["09:00", "9:15", 930, "10:00"] },
          { date: "8/12/2026", times: ["09:00"] },
          { date: "2026-12-09" },
        ],
      }),
    ).toEqual([{ date: "2026-12-08", times: ["09:00", "10:00"] }]);
    expect(slotDays({ selfBookable: false })).toBeNull();
  });

  it("keeps only well-formed alternatives from a 409", () => {
    expect(
      offeredTimes([
        { date: "2026-12-08", time: "09:15" },
        { date: "2026-12-08" },
        "x",
        { date: "tomorrow", time: "09:45" },
      ]),
    ).toEqual([{ date: "2026-12-08", time: "09:15" }]);
    expect(offeredTimes(undefined)).toEqual([]);
  });
});

describe("the time step", () => {
  it("is one radio group whose legend names the day, says Gaborone time, and posts the day with the time", () => {
    const { container } = render(
      <form>
        <TimeChoice day={{ date: "2026-12-08", times: ["09:00", "09:15", "09:30"] }} value="09:15" />
      </form>,
    );
    const group = screen.getByRole("group", { name: "Free times on Tuesday 8 December 2026" });
    expect(group).toHaveAccessibleDescription("All times are Gaborone time.");
    const radios = within(group).getAllByRole("radio");
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(["09:00", "09:15", "09:30"]);
    expect(radios.every((r) => r.getAttribute("name") === "appointmentTime")).toBe(true);
    expect(within(group).getByRole("radio", { name: "09:15" })).toBeChecked();
    const form = new FormData(container.querySelector("form")!);
    expect(form.get("appointmentDate")).toBe("2026-12-08");
    expect(form.get("appointmentTime")).toBe("09:15");
  });

  it("in Setswana, names the day in Setswana", () => {
    render(
      <LocaleProvider value="tn">
        <TimeChoice day={{ date: "2026-12-08", times: ["09:00"] }} />
      </LocaleProvider>,
    );
    expect(
      screen.getByRole("group", { name: "Dinako tse di gololesegileng ka Labobedi 8 Sedimonthole 2026" }),
    ).toBeTruthy();
  });
});

describe("the day step", () => {
  const window = {
    from: "2026-12-07",
    to: "2026-12-20",
    later: "2026-12-21",
    days: [
      { date: "2026-12-08", times: ["09:00"] },
      { date: "2026-12-09", times: ["10:00"] },
    ],
  };

  it("is a GET form to the booking page: the service, the window, and a button per day with free times", () => {
    const { container } = render(<DayChoice service="x-ray" window={window} chosen="2026-12-09" labelledBy="h" />);
    const form = container.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/book-appointment");
    expect(new FormData(form).get("service")).toBe("x-ray");
    const days = screen
      .getAllByRole("button", { pressed: false })
      .concat(screen.getAllByRole("button", { pressed: true }));
    expect(days.map((b) => b.getAttribute("value")).sort()).toEqual(["2026-12-08", "2026-12-09"]);
    expect(screen.getByRole("button", { name: "Wednesday 9 December" })).toHaveAttribute("aria-pressed", "true");
    const later = screen.getByRole("button", { name: "Later days" });
    expect([later.getAttribute("name"), later.getAttribute("value")]).toEqual(["from", "2026-12-21"]);
    expect(screen.queryByRole("button", { name: "Earlier days" })).toBeNull();
  });

  it("says when a window has no free time, and offers the later days", () => {
    render(<DayChoice service="x-ray" window={{ ...window, days: [] }} labelledBy="h" />);
    expect(
      screen.getByText(/There are no free times between Monday 7 December 2026 and Sunday 20 December 2026\./),
    ).toBeTruthy();
    expect(screen.getByRole("button", { name: "Later days" })).toBeTruthy();
  });
});

describe("the first question", () => {
  it("links each self-bookable examination to its free times, and asking for a date to the request form", () => {
    render(
      <WayChoice
        services={[
          { slug: "x-ray", title: "X-ray Imaging" },
          { slug: "mammography", title: "Mammography" },
        ]}
        requestFormId="booking-title"
      />,
    );
    expect(screen.getByRole("heading", { name: "How would you like to book?" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "X-ray Imaging" })).toHaveAttribute(
      "href",
      "/book-appointment?service=x-ray",
    );
    expect(screen.getByRole("link", { name: "Ask the clinic for a date" })).toHaveAttribute("href", "#booking-title");
  });

  it("in Setswana, leads to the Setswana page", () => {
    render(
      <LocaleProvider value="tn">
        <WayChoice services={[{ slug: "x-ray", title: "Ditshwantsho tsa X-ray" }]} requestFormId="booking-title" />
      </LocaleProvider>,
    );
    expect(screen.getByRole("link", { name: "Ditshwantsho tsa X-ray" })).toHaveAttribute(
      "href",
      "/tn/book-appointment?service=x-ray",
    );
  });
});

describe("a time taken meanwhile", () => {
  it("names the time taken and lists the nearest free times by day", () => {
    render(
      <TakenNotice
        focusToken={0}
        taken={{
          date: "2026-12-08",
          time: "09:30",
          alternatives: [
            { date: "2026-12-08", time: "09:15" },
            { date: "2026-12-08", time: "09:45" },
            { date: "2026-12-09", time: "08:00" },
          ],
        }}
        onChoose={() => {}}
        formDay="2026-12-08"
        timesShown={["09:15", "09:45", "10:00"]}
        dayAddress={(date) => `/book-appointment?service=x-ray&day=${date}`}
      />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Someone else booked Tuesday 8 December 2026 at 09:30 a moment ago",
    );
    // Each is a link: to the time in the form below, or to another day's times.
    expect(screen.getAllByRole("link").map((b) => [b.textContent, b.getAttribute("href")])).toEqual([
      ["09:15", "#appointmentTime"],
      ["09:45", "#appointmentTime-0945"],
      ["08:00", "/book-appointment?service=x-ray&day=2026-12-09"],
    ]);
    expect(screen.getByText("Wednesday 9 December 2026")).toBeTruthy();
  });
});

describe("the answer to a booked time", () => {
  it("says the appointment is booked, on which day and at what time, with what to bring and how to prepare", () => {
    render(
      <BookedConfirmation
        reference="GI-7K2M9Q"
        date="2026-12-08"
        time="09:30"
        service="Ultrasound Imaging"
        referral={false}
        whatsapp="+26771234567"
      />,
    );
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(
      "Your appointment is booked: Tuesday 8 December 2026 at 09:30",
    );
    expect(screen.getByRole("heading", { name: "What to bring" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "How to prepare" })).toBeTruthy();
    expect(screen.getByText(/valid ID or passport/)).toBeTruthy();
  });
});
