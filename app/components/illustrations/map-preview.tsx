/** A local, map-like picture (streets, a park and a pin) shown before any third-party map loads. */
export function MapPreview({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      width="640"
      height="320"
      viewBox="0 0 640 320"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid slice"
    >
      <rect width="640" height="320" fill="#eef4f4" />
      <path d="M0 70h640M0 214h640M150 0v320M420 0v320" stroke="#fff" strokeWidth="22" />
      <path d="M0 286 640 120M520 0 600 320" stroke="#fff" strokeWidth="12" />
      <rect x="176" y="92" width="220" height="98" rx="8" fill="#d5e8e3" />
      <rect x="446" y="236" width="170" height="70" rx="8" fill="#d5e8e3" />
      <rect x="20" y="92" width="106" height="98" rx="8" fill="#dfe6e8" />
      <rect x="446" y="92" width="60" height="98" rx="8" fill="#dfe6e8" />
      <path
        d="M310 196c0-26-20-44-42-44s-42 18-42 44c0 30 42 74 42 74s42-44 42-74Z"
        transform="translate(20 -64)"
        fill="#9a3d00"
      />
      <circle cx="288" cy="130" r="14" fill="#fff" />
    </svg>
  );
}
