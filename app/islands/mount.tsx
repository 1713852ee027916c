import { useEffect, type ComponentType, type ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { islandId, islandPropsId, markHydrated, type IslandName } from "~/lib/hydrate";

function Hydrated({ children }: { children: ReactNode }) {
  // Effects run children first: this runs once the whole island has hydrated.
  useEffect(markHydrated, []);
  return children;
}

/**
 * Hydrates the island `name` (rendered by app/components/island.tsx) with
 * React alone. Until this runs the form works as plain HTML, posting to the
 * page's action, so an early tap or submit is never lost.
 */
export function mountIsland<P extends object>(name: IslandName, Component: ComponentType<P>): void {
  const container = document.getElementById(islandId(name));
  const data = document.getElementById(islandPropsId(name));
  if (!container || !data) return;
  const props = JSON.parse(data.textContent || "{}") as P;
  hydrateRoot(
    container,
    <Hydrated>
      <Component {...props} />
    </Hydrated>,
  );
}
