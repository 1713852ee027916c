import { useEffect, useRef } from "react";

/**
 * The Google Maps embed. Loaded lazily, and only after the visitor asks for
 * it, so no request reaches Google before then.
 */
export default function MapEmbed({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    // The button that loaded the map is gone: keep keyboard focus in the same place.
    ref.current?.focus();
  }, []);
  return (
    <iframe
      ref={ref}
      className="map-embed"
      src={src}
      title={title}
      width="640"
      height="360"
      loading="eager"
      referrerPolicy="no-referrer-when-downgrade"
      allowFullScreen
    />
  );
}
