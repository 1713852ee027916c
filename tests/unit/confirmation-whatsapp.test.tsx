// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { AppointmentConfirmation } from "~/components/forms/booking/confirmation";
import { PLACEHOLDER_PHONE } from "../../domain/contact-links";

afterEach(cleanup);

const MANAGE_URL = "https://clinic.example.org/appointment/abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ";
const props = {
  reference: "GI-7K2M9Q",
  date: "2026-12-07",
  service: "X-ray Imaging",
  manageUrl: MANAGE_URL,
  referral: false,
  onBookAnother: () => {},
};

describe("the booking confirmation's WhatsApp link", () => {
  it("carries the reference and nothing else about the patient", () => {
    render(<AppointmentConfirmation {...props} whatsapp="+26771234567" />);
    const href = screen.getByRole("link", { name: /WhatsApp/ }).getAttribute("href")!;
    expect(href).toMatch(/^https:\/\/wa\.me\/26771234567\?text=/);
    expect(decodeURIComponent(href)).toBe(
      "https://wa.me/26771234567?text=Hello, I am writing about my appointment request GI-7K2M9Q.",
    );
  });

  it("sits beside the patient's private link, which the confirmation shows", () => {
    render(<AppointmentConfirmation {...props} whatsapp="+26771234567" />);
    const link = screen.getByRole("link", { name: "See, change or cancel your appointment" });
    expect(link.getAttribute("href")).toBe(MANAGE_URL);
  });

  it("is left out while the clinic's number is a placeholder", () => {
    render(<AppointmentConfirmation {...props} whatsapp={PLACEHOLDER_PHONE} />);
    expect(screen.queryByRole("link", { name: /WhatsApp/ })).toBeNull();
  });
});
