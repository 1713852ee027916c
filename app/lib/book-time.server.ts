import type { AppLoadContext } from "react-router";
import {
  BOOKING_RULES,
  screeningField,
  screeningQuestions,
  screeningQuestionWords,
  screeningReasonWords,
  selfBookingRuleOf,
} from "@domain/booking-rules";
import { BOOKABLE_SERVICES, serviceTitle, type BookableSlug } from "@domain/catalogue";
import { isIsoDate } from "@domain/dates";
import type { Locale } from "@domain/locale";
import { bookingServiceOf } from "@domain/paths";
import type { BookTimeProps } from "~/components/forms/booking/book-time-form";
import { DAY_PARAM, FROM_PARAM, windowOf } from "~/components/forms/booking/time-choice";

/**
 * The booking page's door to the free times (decision 064): for a
 * self-bookable service named by the address (`?service=<slug>`, not
 * `&way=request`), the window of days asked for (`?from=`) and its free
 * times, read on the server by the one free-time function through the load
 * context (server/composition/load-context.ts), never over HTTP; and the
 * service's screening questions, in the page's language.
 */

/** `?way=request`: the request form for a service that could be booked, as the patient asked. */
export const WAY_PARAM = "way";

/** The services a patient may book a time for, in the catalogue's order, with their titles in `locale`. */
export function selfBookableServices(locale: Locale): { slug: string; title: string }[] {
  return BOOKABLE_SERVICES.filter((s) => BOOKING_RULES[s.slug as BookableSlug].selfBookable).map((s) => ({
    slug: s.slug,
    title: serviceTitle(s, locale),
  }));
}

export async function bookTimeFor(
  request: Request,
  context: AppLoadContext,
  locale: Locale,
): Promise<BookTimeProps | undefined> {
  const url = new URL(request.url);
  const service = bookingServiceOf(url.search);
  if (!service || url.searchParams.get(WAY_PARAM) === "request") return undefined;
  const rule = selfBookingRuleOf(service.slug);
  if (!rule) return undefined;
  const asked = (name: string) => {
    const value = url.searchParams.get(name) ?? "";
    return isIsoDate(value) ? value : undefined;
  };
  const day = asked(DAY_PARAM);
  const screening = screeningQuestions(rule).map((id) => ({
    field: screeningField(id),
    question: screeningQuestionWords(id, locale),
    toRequest: rule.screening.flatMap((s) => (s.kind === "question" && s.id === id ? s.toRequest : [])),
    reason: screeningReasonWords({ kind: "request", reason: id }, locale),
    unanswered: screeningReasonWords({ kind: "unanswered", id }, locale),
  }));
  const base = { slug: service.slug, service: service.title, title: serviceTitle(service, locale), day, screening };
  const bounds = context.freeTimes.bounds(service.slug as BookableSlug);
  if (!bounds) return undefined;
  // The window asked for (?from=), else the one starting on the day asked for, else the first.
  const range = windowOf(asked(FROM_PARAM) ?? day ?? bounds.first, bounds.first, bounds.last);
  try {
    const days = await context.freeTimes.read(service.slug as BookableSlug, range);
    return { ...base, bounds, window: { ...range, days } };
  } catch (error) {
    // The page still works: it says the times could not be read, and the request form is one tap away.
    console.error(error);
    return { ...base, bounds, window: null };
  }
}
