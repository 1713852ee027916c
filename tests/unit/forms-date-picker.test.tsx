// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DatePicker } from "~/components/forms/date-picker";
import { formatShortDate, parseDateInput } from "../../domain/dates";
import { DATE_MESSAGES } from "../../domain/validation/appointment-dates";

const calendar = {
  today: "2026-12-01",
  firstDate: "2026-12-01",
  lastDate: "2027-01-31",
  closedDates: ["2026-12-06", "2026-12-13", "2026-12-25", "2027-01-03"],
};

function Harness({ onChange }: { onChange?: (text: string) => void }) {
  const [text, setText] = useState("");
  return (
    <DatePicker
      id="appointmentDate"
      label="Preferred date"
      text={text}
      onTextChange={(t) => {
        setText(t);
        onChange?.(t);
      }}
      calendar={calendar}
    />
  );
}

afterEach(cleanup);

/** A day's button, checked by its accessible name (getByRole over a whole month is slow in jsdom). */
function day(iso: string, name: string): HTMLButtonElement {
  const button = document.querySelector<HTMLButtonElement>(`button[data-date="${iso}"]`);
  expect(button?.getAttribute("aria-label")).toBe(name);
  return button!;
}

describe("DatePicker", () => {
  it("marks closed days unavailable and ignores clicks on them", () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const christmas = day("2026-12-25", "Friday 25 December 2026, clinic closed");
    expect(christmas.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(christmas);
    expect(onChange).not.toHaveBeenCalled();
    expect((screen.getByLabelText("Preferred date") as HTMLInputElement).value).toBe("");
  });

  it("fills the field when an open day is picked and marks it selected", () => {
    render(<Harness />);
    fireEvent.click(day("2026-12-07", "Monday 7 December 2026"));
    expect((screen.getByLabelText("Preferred date") as HTMLInputElement).value).toBe("07/12/2026");
    expect(day("2026-12-07", "Monday 7 December 2026").closest("td")!.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Monday 7 December 2026", { selector: "p" })).toBeTruthy();
  });

  it("moves through days and months with the keyboard, staying inside the booking window", () => {
    render(<Harness />);
    const first = day("2026-12-01", "Tuesday 1 December 2026, today");
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(day("2026-12-08", "Tuesday 8 December 2026"));
    fireEvent.keyDown(document.activeElement!, { key: "End" });
    expect(document.activeElement).toBe(day("2026-12-13", "Sunday 13 December 2026, clinic closed"));
    fireEvent.keyDown(document.activeElement!, { key: "PageDown" });
    expect(screen.getByRole("heading", { name: "January 2027" })).toBeTruthy();
    expect(document.activeElement).toBe(day("2027-01-13", "Wednesday 13 January 2027"));
    fireEvent.keyDown(document.activeElement!, { key: "PageDown" });
    // Clamped to the last bookable day.
    expect(document.activeElement).toBe(day("2027-01-31", "Sunday 31 January 2027"));
    expect((screen.getByRole("button", { name: "Next month" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    fireEvent.click(document.activeElement!);
    expect((screen.getByLabelText("Preferred date") as HTMLInputElement).value).toBe("30/01/2027");
  });

  it("brings a typed date's month into view", () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText("Preferred date"), { target: { value: "15/01/2027" } });
    expect(screen.getByRole("heading", { name: "January 2027" })).toBeTruthy();
  });

  it("asks for the date in the format it reads: each example, typed as shown, is the date it names", () => {
    const example = (text: string) => /for example (\S+?)[,.]?(?:\s|$)/.exec(text)?.[1] ?? "";
    // With the clinic's calendar: its first bookable day, written as the hint writes it.
    render(<Harness />);
    expect(parseDateInput(example(document.getElementById("appointmentDate-hint")!.textContent!))).toBe(
      calendar.firstDate,
    );
    cleanup();
    // Before (or without) the calendar, and in the message for a date it cannot read.
    render(<DatePicker id="appointmentDate" label="Preferred date" text="" onTextChange={() => {}} calendar={null} />);
    const fallback = example(document.getElementById("appointmentDate-hint")!.textContent!);
    // Read day first, as written: the date the parser makes is written back the same way.
    for (const shown of [fallback, example(DATE_MESSAGES.format)]) {
      const read = parseDateInput(shown);
      expect(read, shown).not.toBeNull();
      expect(formatShortDate(read!)).toBe(shown);
    }
  });
});
