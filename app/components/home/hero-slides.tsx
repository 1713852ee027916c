import type { ReactNode } from "react";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";

export interface Slide {
  id: string;
  /** A short name for the slide, read out by its link in the pager. */
  label: string;
  content: ReactNode;
}

/**
 * Hero slides without script and without hidden content: every slide is in
 * the HTML inside a scroll-snapping track (swipe or scroll it), and a pager of
 * links to each slide (`#hero-<id>`) brings one into view; the pager marks the
 * slide the address points at (home.css, `:target`). Nothing moves on its own
 * (WCAG 2.2.2), and the track scrolls smoothly only when motion is not reduced.
 */
export function HeroSlides({ slides, label }: { slides: Slide[]; label: string }) {
  const locale = useLocale();
  const count = slides.length;
  return (
    <section className="hero-slides" aria-roledescription="carousel" aria-label={label}>
      <div className="hero-slides__track">
        {slides.map((slide, i) => (
          <div
            key={slide.id}
            id={`hero-${slide.id}`}
            className="hero-slides__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={m.home_slides_position({ index: i + 1, count, label: slide.label }, { locale })}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <nav className="hero-slides__pager" aria-label={m.home_slides_pager({ label }, { locale })}>
        <ol role="list">
          {slides.map((slide, i) => (
            <li key={slide.id}>
              <a href={`#hero-${slide.id}`} className="hero-slides__dot">
                <span aria-hidden="true">{i + 1}</span>
                <span className="visually-hidden">
                  {m.home_slides_link({ index: i + 1, count, label: slide.label }, { locale })}
                </span>
              </a>
            </li>
          ))}
        </ol>
      </nav>
    </section>
  );
}
