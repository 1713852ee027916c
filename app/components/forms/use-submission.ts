import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from "react";
import { BASE_LOCALE, type Locale } from "@domain/locale";
import { m } from "@domain/paraglide/messages.js";
import { isDefiniteAnswer, newIdempotencyKey, type ApiResult } from "~/lib/api-client";
import { reportClientError } from "~/lib/client-errors";
import { useLocale } from "~/lib/locale";
import { useValuesAcrossLanguages } from "./carry-over";
import type { SummaryItem } from "./error-summary";
import { HONEYPOT_FIELD } from "./honeypot";

/**
 * The one way the public forms (booking, contact) are submitted: the
 * browser's checks with the shared schemas (loaded on demand), then the
 * request with an idempotency key, then the answer shown: field errors beside
 * their fields and in a focused summary, or one failure message.
 */

/**
 * An Idempotency-Key for one form instance, made once the form is on the
 * page and renewed after each definite answer, so a retry after no answer
 * (offline, 5xx) reuses it and cannot create a second record.
 */
export function useIdempotencyKey() {
  const key = useRef("");
  useEffect(() => {
    key.current = newIdempotencyKey();
  }, []);
  return useMemo(
    () => ({
      get current() {
        return key.current;
      },
      renew() {
        key.current = newIdempotencyKey();
      },
      /** After an answer: a definite one (2xx-4xx) ends this key's use. */
      settle(status: number) {
        if (isDefiniteAnswer(status)) key.current = newIdempotencyKey();
      },
    }),
    [],
  );
}

/**
 * Answers whose own message tells the visitor what to do (too large, refused
 * file, rate limit or daily cap, storage full, system unavailable): the page
 * shows the server's words instead of its general failure message.
 */
export const SELF_EXPLAINING: readonly number[] = [413, 415, 429, 503, 507];

/**
 * The server's own words for a failed answer, when its status is one of
 * `statuses`: what it says of the file (in the language the form asked in),
 * else its message. A rate limit and an outage are answered before the
 * request (and its language) is read: the page says those in its own
 * language, `locale`, with the same catalogue words as the server.
 */
export function serverMessage(
  result: { status: number; message?: string; errors: Record<string, string> },
  statuses: readonly number[] = SELF_EXPLAINING,
  locale: Locale = BASE_LOCALE,
): string | undefined {
  if (!statuses.includes(result.status)) return undefined;
  if (result.errors.file) return result.errors.file;
  if (result.status === 429) return m.form_rate_limited({}, { locale });
  if (result.status === 503) return m.form_unavailable({}, { locale });
  return result.message;
}

/** Where each error key is shown, in page order: [key as the API sends it (dotted), id of the field to jump to]. */
export type ErrorTargets = readonly (readonly [key: string, target: string])[];

interface SubmissionOptions<F, V, B, T> {
  /** The form's values at first (text fields, keyed by the fields' names). */
  initial: F | (() => F);
  /** The error keys an edit of a field clears besides its own. */
  clears?: Partial<Record<keyof F, readonly string[]>>;
  /** Loads the form's schemas (lazily: they are the bulk of a form page's JavaScript). */
  loadValidation: () => Promise<V>;
  /** The browser's checks, once the schemas are loaded: the body to send, and the errors found. */
  check: (validation: V, values: F) => { body: B; errors: Record<string, string> };
  /** Sends the body with the form's key; null when it stopped and has already said why (e.g. a failed upload). */
  send: (body: B, idempotencyKey: string) => Promise<ApiResult<T> | null>;
  onSuccess: (data: T, body: B) => void;
  /** The form's general failure message (no answer, a 5xx, an answer it cannot show). */
  failure: string;
  targets: ErrorTargets;
  /** Maps an API error key onto one of `targets`' keys. */
  normaliseKey?: (key: string) => string;
  /** The statuses whose message is shown as it is (default SELF_EXPLAINING). */
  selfExplaining?: readonly number[];
  /** Logs other failures to the console under this name. */
  logAs?: string;
  /** Before each attempt: clears what the last one showed besides the failure message. */
  onStart?: () => void;
  /** The server's field errors, before they are shown. */
  onRejected?: (errors: Record<string, string>) => void;
  /** A refusal the form shows itself (a taken time: decision 064): true when it did, and nothing else is shown. */
  onRefused?: (result: Extract<ApiResult<T>, { ok: false }>) => boolean;
  /** After each attempt that was sent, whatever its outcome. */
  onSettled?: () => void;
  /** What a plain form post (without JavaScript) was answered: its errors and failure message, shown from the start (`postedFailure`). */
  posted?: { errors?: Record<string, string>; failure?: string };
}

/** The server's field errors a form can show, under the form's keys (the first message per key). */
function knownErrors(
  found: Record<string, string>,
  targets: ErrorTargets,
  normaliseKey?: (key: string) => string,
): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const [k, message] of Object.entries(found)) {
    const mine = normaliseKey?.(k) ?? k;
    if (targets.some(([known]) => known === mine)) mapped[mine] ??= message;
  }
  return mapped;
}

export function useFormSubmission<F extends Record<string, string>, V, B, T>(options: SubmissionOptions<F, V, B, T>) {
  const { loadValidation, targets } = options;
  const locale = useLocale();
  const [values, setValues] = useState<F>(options.initial);
  const [errors, setErrors] = useState<Record<string, string>>(() =>
    knownErrors(options.posted?.errors ?? {}, targets, options.normaliseKey),
  );
  const [focusToken, setFocusToken] = useState(0);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  // What stopped a plain post (no field errors: a rate limit, an outage) shows at the top of the page,
  // where it reloaded, until the next submit; a failure with the script shows beside the button.
  const [postedFailure, setPostedFailure] = useState(() =>
    Object.keys(errors).length ? "" : (options.posted?.failure ?? ""),
  );
  // The form element: the page renders it as a plain HTML form that works before (and without) the script.
  const formElement = useRef<HTMLFormElement | null>(null);
  const attachForm = useCallback((form: HTMLFormElement | null) => {
    formElement.current = form;
  }, []);
  // What was typed survives the header's language switch (./carry-over.ts); never the honeypot.
  const { fileLeft } = useValuesAcrossLanguages({ form: formElement, values, setValues, omit: HONEYPOT_FIELD });
  // The ref, not state, guards against a second click before React re-renders.
  const inFlight = useRef(false);
  const key = useIdempotencyKey();

  // Warm up the schemas when the visitor starts on the form, not with the page: a visitor
  // who only reads the policy or phones downloads none of it. A failure is reported on submit.
  useEffect(() => {
    const form = formElement.current;
    const warm = () => void loadValidation().catch(() => {});
    if (!form || form.contains(document.activeElement)) return warm();
    const events = ["focusin", "pointerdown", "input"] as const;
    const once = () => {
      for (const type of events) form.removeEventListener(type, once);
      warm();
    };
    for (const type of events) form.addEventListener(type, once);
    return () => {
      for (const type of events) form.removeEventListener(type, once);
    };
  }, [loadValidation]);

  // What the visitor typed or chose before the script took over is in the page, not in the state:
  // take it over once hydrated (before the first paint), so nothing typed is lost or sent empty.
  useLayoutEffect(() => {
    const form = formElement.current;
    if (!form) return;
    const typed = new FormData(form);
    setValues((current) => {
      let next = current;
      for (const name of Object.keys(current)) {
        const value = typed.get(name);
        if (typeof value === "string" && value !== current[name]) next = { ...next, [name]: value };
      }
      return next;
    });
  }, []);

  /** Removes the errors under `keys` (a field's edit clears its own). */
  function clear(...keys: string[]) {
    setErrors((e) => {
      if (!keys.some((k) => k in e)) return e;
      const rest = { ...e };
      for (const k of keys) delete rest[k];
      return rest;
    });
  }

  /** Sets a field's value, clearing that field's errors (and those `clears` lists for it). */
  function update(field: keyof F & string, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    clear(field, ...(options.clears?.[field] ?? []));
  }

  /** What ties a text field to the form: its id (and name), value, edits and error. */
  function field(name: keyof F & string) {
    return {
      id: name,
      value: values[name],
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        update(name, e.target.value),
      error: errors[name],
    };
  }

  /** Shows `message` under `key`, or clears that key's error. */
  function setError(key: string, message: string | null | undefined) {
    if (!message) return clear(key);
    setErrors((e) => ({ ...e, [key]: message }));
  }

  function showErrors(found: Record<string, string>) {
    setErrors(found);
    setFocusToken((t) => t + 1);
  }

  function answer(result: ApiResult<T>, body: B) {
    if (result.ok) {
      setErrors({});
      options.onSuccess(result.data, body);
      return;
    }
    options.onRejected?.(result.errors);
    if (options.onRefused?.(result)) return;
    const known = knownErrors(result.errors, targets, options.normaliseKey);
    if (result.status === 400 && Object.keys(known).length) return showErrors(known);
    const own = serverMessage(result, options.selfExplaining, locale);
    if (own) return setFailure(own);
    if (options.logAs) console.error(`${options.logAs} failed with status ${result.status}`);
    setFailure(options.failure);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    setFailure("");
    setPostedFailure("");
    options.onStart?.();
    let validation: V;
    try {
      validation = await loadValidation();
    } catch (error) {
      inFlight.current = false;
      reportClientError("chunk", error);
      // Without its checks the script cannot send the form: online, the browser posts it to the page's
      // action as it does without JavaScript (the server checks it), so a broken chunk never holds a
      // form back. Offline, nothing could send it: the failure message says to try again.
      const form = formElement.current;
      if (form && navigator.onLine !== false) return HTMLFormElement.prototype.submit.call(form);
      return setFailure(options.failure);
    }
    const { body, errors: found } = options.check(validation, values);
    if (Object.keys(found).length) {
      inFlight.current = false;
      return showErrors(found);
    }

    setBusy(true);
    try {
      const result = await options.send(body, key.current);
      if (!result) return;
      key.settle(result.status);
      answer(result, body);
    } finally {
      inFlight.current = false;
      setBusy(false);
      options.onSettled?.();
    }
  }

  const summary: SummaryItem[] = targets
    .filter(([k]) => errors[k])
    .map(([k, target]) => ({ target, message: errors[k]! }));

  return {
    values,
    update,
    field,
    reset: setValues,
    errors,
    summary,
    focusToken,
    busy,
    failure,
    postedFailure,
    clear,
    setError,
    onSubmit,
    attachForm,
    /** A file chosen on this form in the other language was not carried over: it must be attached again. */
    fileLeft,
  };
}

/** What SubmissionForm needs of a submission. */
export type FormSubmission = Pick<
  ReturnType<typeof useFormSubmission>,
  "summary" | "focusToken" | "busy" | "failure" | "postedFailure" | "onSubmit" | "attachForm"
>;
