import { ExternalLink, MapPin } from "lucide-react";
import { mapsHref } from "@domain/contact-links";
import { m } from "@domain/paraglide/messages.js";
import { useLocale } from "~/lib/locale";
import { MapPreview } from "~/components/illustrations/map-preview";

interface MapClinic {
  name: string;
  address: { street: string; city: string };
  geo: { latitude: number; longitude: number };
}

/**
 * The clinic on a map without a request to a map service until the visitor
 * asks: a local drawing with the address, and a link that opens the clinic's
 * place on Google Maps in a new page. Nothing is embedded, so no browser
 * (with or without script, `<details>` or lazy loading) can call Google first.
 */
export function MapSection({ clinic }: { clinic: MapClinic }) {
  const locale = useLocale();
  return (
    <div className="map-box">
      <div className="map-box__frame">
        <MapPreview className="map-box__preview" />
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
          <a href={mapsHref(clinic)} className="button button--primary" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden="true" size={18} />
            {m.home_map_open({}, { locale })}
            <span className="visually-hidden">{m.home_map_new_tab({}, { locale })}</span>
          </a>
        </div>
        <p className="map-box__note">{m.home_map_note({}, { locale })}</p>
      </div>
    </div>
  );
}
