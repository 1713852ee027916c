import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { localeOfPath } from "@domain/locale";
import { reportClientError, reportingIsland } from "~/lib/client-errors";
import { LocaleProvider } from "~/lib/locale";
import { islandId, islandPropsId, markHydrated, markIslandFailed, type IslandName } from "~/lib/hydrate";

function Hydrated({ children }: { children: ReactNode }) {
  // Effects run children first: this runs once the whole island has hydrated.
  useEffect(markHydrated, []);
  return children;
}

/**
 * Hydrates the island `name` (rendered by app/components/island.tsx) with
 * React alone. Until this runs the form works as plain HTML, posting to the
 * page's action, so an early tap or submit is never lost. If it cannot run,
 * or React fails, the page keeps (or gets back) that plain form, is marked
 * `<html data-hydrated="failed">`, and the failure is reported without
 * personal data (docs/decisions/027-island-failures.md).
 */
export function mountIsland<P extends object>(name: IslandName, Component: ComponentType<P>): void {
  reportingIsland(name);
  // The page loads this as a deferred module (app/root.tsx), which runs once the document is parsed. Were it
  // to run earlier (an async script, which React moves into <head>), the form would not be there yet: wait.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => hydrateIsland(name, Component), { once: true });
  } else {
    hydrateIsland(name, Component);
  }
}

function failed(kind: Parameters<typeof reportClientError>[0], error: unknown): void {
  markIslandFailed();
  reportClientError(kind, error);
}

function hydrateIsland<P extends object>(name: IslandName, Component: ComponentType<P>): void {
  const container = document.getElementById(islandId(name));
  const data = document.getElementById(islandPropsId(name));
  if (!container || !data) {
    return failed("missing", `#${container ? islandPropsId(name) : islandId(name)} is not in the page`);
  }
  let props: P;
  try {
    props = JSON.parse(data.textContent || "{}") as P;
  } catch (error) {
    return failed("props", error);
  }
  // The plain form as the server sent it, with what was typed before this ran: put back if React fails.
  const plain = container.cloneNode(true) as HTMLElement;
  const typed = latestValues(container);
  hydrateRoot(
    container,
    <Hydrated>
      {/* The page's language, from its address, as the root layout gave it to the server's render. */}
      <LocaleProvider value={localeOfPath(window.location.pathname)}>
        <Component {...props} />
      </LocaleProvider>
    </Hydrated>,
    {
      // A render or effect threw and React removed the form: the plain form goes back, with what was typed.
      onUncaughtError(error) {
        console.error(error);
        failed("hydration", error);
        putBack(container, plain, typed());
      },
      // React rendered the form again because the server's HTML differed: it works, but it should not happen.
      onRecoverableError(error) {
        console.error(error);
        reportClientError("mismatch", error);
      },
    },
  );
}

/** Follows what is typed into the island's form, read back by the getter (undefined until something is). */
function latestValues(container: HTMLElement): () => FormData | undefined {
  let latest: FormData | undefined;
  const read = (event: Event) => {
    const form = (event.target as HTMLInputElement | null)?.form;
    if (form) latest = new FormData(form);
  };
  container.addEventListener("input", read, true);
  container.addEventListener("change", read, true);
  return () => latest;
}

/**
 * Replaces the island's element with the plain form (a copy, so no React listener is left on it),
 * its fields set to what was last typed. A chosen file cannot be set again; the server asks for it.
 */
function putBack(container: HTMLElement, plain: HTMLElement, values: FormData | undefined): void {
  container.replaceWith(plain);
  if (!values) return;
  for (const form of Array.from(plain.querySelectorAll("form"))) {
    for (const field of Array.from(form.elements)) {
      if (field instanceof HTMLInputElement && field.name && field.type !== "file") {
        if (field.type === "checkbox" || field.type === "radio") {
          field.checked = values.getAll(field.name).includes(field.value);
        } else {
          const value = values.get(field.name);
          if (typeof value === "string") field.value = value;
        }
      } else if ((field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) && field.name) {
        const value = values.get(field.name);
        if (typeof value === "string") field.value = value;
      }
    }
  }
}
