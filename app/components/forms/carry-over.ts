import { useEffect, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { unlocalisedPath } from "@domain/locale";

/**
 * What was typed survives the header's language switch (decision 046). The
 * switch is a plain link to the same page in the other language; once the
 * form's script runs, a click on it first puts the form's values in the
 * tab's sessionStorage, and the form on the page it opens takes them back and
 * deletes them at once. Nothing is kept otherwise: not on other links, not
 * for another page, not for longer than CARRY_MAX_AGE_MS. A chosen file cannot
 * be carried (a browser never lets a page set one): the form says to attach
 * it again. Without JavaScript the switch opens the other page empty.
 */

/** The one sessionStorage entry, read and deleted by the next page. */
export const CARRY_KEY = "form-values-across-languages";
/** Older than this, an entry is ignored (deleted): the switch is followed at once, or never. */
export const CARRY_MAX_AGE_MS = 60_000;

interface Carried {
  /** The page the values were typed on, without its language prefix. */
  page: string;
  values: Record<string, string>;
  /** A file was chosen: it must be attached again. */
  file: boolean;
  at: number;
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage blocked: the switch opens the page empty, as without JavaScript
  }
}

/** Takes (and deletes) what the language switch carried to this page, if it was typed on it. */
export function takeCarried(now = Date.now()): Omit<Carried, "page" | "at"> | null {
  const store = storage();
  const raw = store?.getItem(CARRY_KEY);
  if (!store || raw == null) return null;
  store.removeItem(CARRY_KEY);
  try {
    const carried = JSON.parse(raw) as Partial<Carried>;
    if (carried.page !== unlocalisedPath(window.location.pathname)) return null;
    if (typeof carried.at !== "number" || now - carried.at > CARRY_MAX_AGE_MS || carried.at > now) return null;
    if (!carried.values || typeof carried.values !== "object") return null;
    const values = Object.fromEntries(
      Object.entries(carried.values).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
    return { values, file: carried.file === true };
  } catch {
    return null;
  }
}

/** The header's link to this page in the other language, if `target` is (in) it. */
function languageSwitch(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a[hreflang]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return null;
  return unlocalisedPath(link.pathname) === unlocalisedPath(window.location.pathname) ? link : null;
}

/**
 * Keeps a form's values across the language switch: puts them back once the
 * page in the other language has hydrated, and saves them when the switch is
 * followed, if anything was typed (every field but `omit`, the honeypot).
 * Returns whether a file chosen on the other page must be attached again.
 */
export function useValuesAcrossLanguages<F extends Record<string, string>>({
  form,
  values,
  setValues,
  omit,
}: {
  form: RefObject<HTMLFormElement | null>;
  values: F;
  setValues: Dispatch<SetStateAction<F>>;
  omit: string;
}): { fileLeft: boolean } {
  const [fileLeft, setFileLeft] = useState(false);
  // The values the form started with: nothing typed, nothing to carry.
  const [initial] = useState(values);

  useEffect(() => {
    // Only the browser holds them, so only after hydration (the server's HTML is the empty form).
    const carried = takeCarried();
    if (!carried) return;
    setValues((current) => {
      const next = { ...current };
      for (const key of Object.keys(current)) {
        const value = carried.values[key];
        if (key !== omit && typeof value === "string") (next as Record<string, string>)[key] = value;
      }
      return next;
    });
    // eslint-disable-next-line react-hooks/set-state-in-effect -- read once after hydration, as above
    setFileLeft(carried.file);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page has hydrated
  }, []);

  useEffect(() => {
    function save(event: MouseEvent) {
      if (!languageSwitch(event.target)) return;
      const keys = Object.keys(values).filter((key) => key !== omit);
      const typed = keys.some((key) => values[key] !== initial[key]);
      const file = Array.from(form.current?.querySelectorAll<HTMLInputElement>("input[type=file]") ?? []).some(
        (input) => (input.files?.length ?? 0) > 0,
      );
      if (!typed && !file) return;
      const carried: Carried = {
        page: unlocalisedPath(window.location.pathname),
        values: Object.fromEntries(keys.map((key) => [key, values[key] ?? ""])),
        file,
        at: Date.now(),
      };
      try {
        storage()?.setItem(CARRY_KEY, JSON.stringify(carried));
      } catch {
        // storage full or blocked: the other page opens empty
      }
    }
    document.addEventListener("click", save, true);
    return () => document.removeEventListener("click", save, true);
  }, [form, values, initial, omit]);

  return { fileLeft };
}
