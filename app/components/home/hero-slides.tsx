import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";

export interface Slide {
  id: string;
  content: ReactNode;
}

export const SLIDE_INTERVAL_MS = 6000;

/**
 * Hero slides that never hide content: every slide is in the HTML inside a
 * scroll-snapping track (swipeable without JavaScript). Previous, next and a
 * pause control; it advances on its own only when the visitor does not
 * prefer reduced motion, and stops while pointed at or focused (WCAG 2.2.2).
 */
export function HeroSlides({ slides, label }: { slides: Slide[]; label: string }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [held, setHeld] = useState({ hover: false, focus: false });
  const reduceRef = useRef(true);

  // Start playing once hydrated, unless the visitor prefers reduced motion.
  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    reduceRef.current = query.matches;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the preference is only readable in the browser
    if (!query.matches) setPlaying(true);
    const onChange = () => {
      reduceRef.current = query.matches;
      if (query.matches) setPlaying(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // Follow the track's scroll position (buttons, swipes and auto-advance alike).
  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) setActive(Number((entry.target as HTMLElement).dataset.index));
        }
      },
      { root: track, threshold: 0.6 },
    );
    track.querySelectorAll("[data-index]").forEach((el) => observer.observe(el));
    return () => observer.disconnect();
  }, []);

  const goTo = useCallback(
    (index: number) => {
      const track = trackRef.current;
      if (!track) return;
      const target = (index + slides.length) % slides.length;
      const slide = track.children[target] as HTMLElement | undefined;
      track.scrollTo({ left: slide?.offsetLeft ?? 0, behavior: reduceRef.current ? "auto" : "smooth" });
      setActive(target);
    },
    [slides.length],
  );

  const running = playing && !held.hover && !held.focus;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => goTo(active + 1), SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, active, goTo]);

  return (
    <section
      className="hero-slides"
      aria-roledescription="carousel"
      aria-label={label}
      data-active-slide={active + 1}
      data-playing={running ? "true" : "false"}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
    >
      <div ref={trackRef} className="hero-slides__track">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            data-index={i}
            className="hero-slides__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <div className="hero-slides__controls">
        <button type="button" className="icon-button" onClick={() => setPlaying((p) => !p)}>
          {playing ? <Pause aria-hidden="true" size={20} /> : <Play aria-hidden="true" size={20} />}
          <span className="visually-hidden">{playing ? "Pause slides" : "Play slides"}</span>
        </button>
        <button type="button" className="icon-button" onClick={() => goTo(active - 1)}>
          <ChevronLeft aria-hidden="true" size={20} />
          <span className="visually-hidden">Previous slide</span>
        </button>
        <span className="hero-slides__count" aria-hidden="true">
          {active + 1} / {slides.length}
        </span>
        {/* Announces a change the visitor asked for; silent while the slides run by themselves. */}
        <span className="visually-hidden" aria-live={running ? "off" : "polite"}>
          Slide {active + 1} of {slides.length}
        </span>
        <button type="button" className="icon-button" onClick={() => goTo(active + 1)}>
          <ChevronRight aria-hidden="true" size={20} />
          <span className="visually-hidden">Next slide</span>
        </button>
      </div>
    </section>
  );
}
