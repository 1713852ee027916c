import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { ServiceCard as ServiceCardData } from "@domain/catalogue";
import { m } from "@domain/paraglide/messages.js";
import { ServiceIcon } from "~/components/service-icon";
import { useMessageOptions, usePagePath } from "~/lib/locale";

/** A card on /services: image, icon, name, description and a "View more" link naming the service. */
export function ServiceCard({ card }: { card: ServiceCardData }) {
  const options = useMessageOptions();
  const pagePath = usePagePath();
  return (
    <li className={`service-grid__item service-grid__item--span-${card.colsize}`} data-colsize={card.colsize}>
      <article className="service-card">
        <div className="service-card__inner">
          <img
            className="service-card__image"
            src={card.image}
            alt=""
            width={240}
            height={160}
            loading="lazy"
            decoding="async"
          />
          <div className="service-card__body">
            <h3 className="service-card__title">
              <span className="service-card__icon">
                <ServiceIcon name={card.icon} size={22} />
              </span>
              {card.name}
            </h3>
            <p className="service-card__desc">{card.desp}</p>
            <Link className="service-card__more" to={pagePath(card.link)}>
              {m.services_card_more({}, options)}
              <span className="visually-hidden">{` ${m.services_card_more_about({ name: card.name }, options)}`}</span>
              <ArrowRight aria-hidden="true" focusable="false" size={18} />
            </Link>
          </div>
        </div>
      </article>
    </li>
  );
}
