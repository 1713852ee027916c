import { data } from "react-router";

/*
 * What every staff action answers (decision 062): done, with the notice the
 * page shows (and what else that page needs, typed), or refused, with each
 * field's problem, a sentence about none, and the values as sent so the form
 * shows them again. A page reads `ok` and nothing else to tell them apart.
 * An action that succeeds by going elsewhere (a sign-in step, a change on one
 * appointment's page: `?done=`) redirects instead; its refusals answer so.
 */

/** A form's errors by field (the input's id where the page links to it), in the form's order. */
export type FieldErrors = Partial<Record<string, string>>;

/** Done: the notice, when there is one to say, and the page's own extras. */
export type Done<Extra extends object = object> = { ok: true; notice?: string } & Extra;

/** Refused: each field's problem (`errors`), a sentence about none (`error`), the values as sent. */
export type Refused<Values extends object = Record<string, string>, Extra extends object = object> = {
  ok: false;
  error?: string;
  errors: FieldErrors;
  values: Partial<Values>;
} & Extra;

export type StaffAnswer<
  DoneExtra extends object = object,
  Values extends object = Record<string, string>,
  RefusedExtra extends object = object,
> = Done<DoneExtra> | Refused<Values, RefusedExtra>;

type DoneOf<A> = Extract<A, { ok: true }>;
type RefusedOf<A> = Extract<A, { ok: false }>;

/** The page's answer once done: 200, with the headers `init` gives (a new session's cookie). */
export function done<A extends StaffAnswer<object, object, object>>(
  answer: Omit<DoneOf<A>, "ok">,
  init?: ResponseInit,
) {
  return data({ ok: true, ...answer } as A, init);
}

/**
 * The page's answer when refused, with its status: `errors` by field (none
 * when the refusal is a sentence about no one field), `values` as sent.
 */
export function refused<A extends StaffAnswer<object, object, object>>(
  status: number,
  answer: Omit<RefusedOf<A>, "ok" | "errors" | "values"> & Partial<Pick<RefusedOf<A>, "errors" | "values">>,
) {
  return data({ ok: false, errors: {}, values: {}, ...answer } as A, status);
}
