import type { ComponentType } from "react";
import { islandId, islandPropsId, type IslandName } from "~/lib/hydrate";

/**
 * Renders a form that the browser hydrates on its own (app/lib/hydrate.ts):
 * the component inside its element, and its props as JSON beside it, which
 * app/islands/mount.tsx reads to hydrate the same component with the same
 * props. `<` is escaped so no value can close the script element.
 */
export function Island<P extends object>({
  name,
  component: Component,
  props,
}: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
}) {
  const json = JSON.stringify(props).replace(/</g, "\\u003c");
  return (
    <>
      <div id={islandId(name)}>
        <Component {...props} />
      </div>
      <script type="application/json" id={islandPropsId(name)} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}
