import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A table row's one-button action: a POST with its `intent` and the row's
 * key in a hidden field (`name`, the id by default), the button small and
 * outlined (red when `danger`), and off while a navigation is under way
 * (`busy`). `children` are the button's words, with what only a screen reader
 * needs to hear (the row it acts on) in a visually hidden span.
 */
export function RowAction({
  name = "id",
  value,
  intent,
  busy,
  danger = false,
  children,
}: {
  name?: string;
  value: string | number;
  intent: string;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name={name} value={value} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={`button ${danger ? "staff-button--danger" : "button--outline"} staff-button--small`}
        disabled={busy}
      >
        {children}
      </button>
    </Form>
  );
}
