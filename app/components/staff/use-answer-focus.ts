import { useEffect, useRef } from "react";

/**
 * Where a staff page's answer takes the focus (decision 062): a question (a
 * confirm step) focuses its heading; a notice of something done takes the
 * focus too (React's autoFocus serves only the page as loaded) and comes
 * wholly onto the screen at once, top included. Focus alone left it where the
 * page stood: a form pressed far down a phone's page, and the router's
 * scroll back up glides (smooth unless motion is reduced), so for a moment
 * the notice was above the screen or cut off. An instant scroll is no motion
 * at all, as a page loaded without JavaScript opens at its notice too.
 * Each effect runs again with every new answer (`answer`).
 */
export function useAnswerFocus(answer: unknown, { asking, notice }: { asking: boolean; notice: string | undefined }) {
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking, answer]);
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const shown = doneRef.current;
    if (!notice || !shown) return;
    shown.focus({ preventScroll: true });
    shown.scrollIntoView({ block: "start", behavior: "instant" });
  }, [answer, notice]);
  return { confirmRef, doneRef };
}
