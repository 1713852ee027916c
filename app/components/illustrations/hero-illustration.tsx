/**
 * The hero's abstract medical motif: an ultrasound fan with its echo arcs, a
 * chest X-ray silhouette and a scan trace, in the brand colours. Decorative,
 * so hidden from assistive technology.
 */
export function HeroIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} width="480" height="400" viewBox="0 0 480 400" aria-hidden="true" focusable="false">
      <circle cx="250" cy="200" r="186" fill="#e6f2f2" />
      <path d="M150 64 262 258a226 226 0 0 1-224 0Z" fill="#07434a" />
      <g fill="none" stroke="#b9dcdc" strokeLinecap="round">
        <path d="M98 160a120 120 0 0 0 104 0" strokeWidth="3" opacity=".9" />
        <path d="M78 196a160 160 0 0 0 144 0" strokeWidth="3" opacity=".7" />
        <path d="M60 228a196 196 0 0 0 180 0" strokeWidth="3" opacity=".5" />
        <path d="M118 124a80 80 0 0 0 64 0" strokeWidth="3" />
      </g>
      <ellipse cx="158" cy="196" rx="26" ry="15" fill="#0b5c63" stroke="#e6f2f2" strokeWidth="2" />
      <rect x="250" y="96" width="176" height="212" rx="18" fill="#0b5c63" />
      <g fill="none" stroke="#e6f2f2" strokeWidth="5" strokeLinecap="round">
        <path d="M338 120v164" />
        <path
          d="M330 140c-28 0-44 10-50 26M346 140c28 0 44 10 50 26M330 166c-30 0-46 12-52 30M346 166c30 0 46 12 52 30M330 192c-30 0-46 12-50 30M346 192c30 0 46 12 50 30M330 218c-26 0-40 10-44 26M346 218c26 0 40 10 44 26"
          opacity=".85"
        />
      </g>
      <path
        d="M300 118c10-8 26-10 38-10s28 2 38 10"
        fill="none"
        stroke="#b9dcdc"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path
        d="M40 330h120l16-34 22 62 20-86 18 58h224"
        fill="none"
        stroke="#c2570c"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="440" cy="330" r="9" fill="#c2570c" />
    </svg>
  );
}
