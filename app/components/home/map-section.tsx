import { ExternalLink, MapPin } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { loadChunk } from "~/components/layout/chunk-error";
import { mapsEmbedSrc, mapsHref } from "@domain/contact-links";
import { MapPreview } from "~/components/illustrations/map-preview";

const MapEmbed = lazy(() => loadChunk("map-embed", () => import("~/components/map-embed")));

interface MapClinic {
  name: string;
  address: { street: string; city: string };
  geo: { latitude: number; longitude: number };
}

/**
 * The clinic on a map without a third-party request until the visitor asks:
 * a local preview with the address and an "Open in Maps" link, and a button
 * that only then loads the Google Maps embed.
 */
export function MapSection({ clinic }: { clinic: MapClinic }) {
  const [loaded, setLoaded] = useState(false);
  return (
    <div className="map-box">
      <div className="map-box__frame">
        {loaded ? (
          <Suspense fallback={<p className="map-box__loading">Loading the map…</p>}>
            <MapEmbed src={mapsEmbedSrc(clinic)} title={`Map showing the location of ${clinic.name}`} />
          </Suspense>
        ) : (
          <MapPreview className="map-box__preview" />
        )}
      </div>
      <div className="map-box__info">
        <p className="map-box__address">
          <MapPin aria-hidden="true" size={22} />
          <span>
            {clinic.address.street}
            <br />
            {clinic.address.city}, Botswana
          </span>
        </p>
        <div className="map-box__actions">
          {!loaded && (
            <button type="button" className="button button--primary" onClick={() => setLoaded(true)}>
              Load interactive map
            </button>
          )}
          <a href={mapsHref(clinic)} className="button button--outline" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" size={18} />
            Open in Maps
            <span className="visually-hidden"> (opens Google Maps in a new tab)</span>
          </a>
        </div>
        {!loaded && (
          <p className="map-box__note">The interactive map is provided by Google and loads only when you ask for it.</p>
        )}
      </div>
    </div>
  );
}
