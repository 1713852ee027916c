import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the server render and during hydration, true afterwards. Lets a
 * component render the no-JavaScript version first (the same HTML on both
 * sides) and enhance itself once scripts run.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
