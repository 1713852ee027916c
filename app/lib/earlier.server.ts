import type { OfferAnswer } from "../../server/appointments/earlier/index";
import { privatePage } from "./private-page.server";

export type { OfferAnswer, OfferView } from "../../server/appointments/earlier/index";

/**
 * The earlier time's page (`/earlier/<token>`, decision 070) through its load context: the offer
 * as it stands, or what taking it did, with the private pages' headers.
 */
export const { loader: earlierLoader, action: earlierAction } = privatePage<OfferAnswer>({
  open: ({ context }, { token, locale, counted }) =>
    context.earlierOffers.open(token, context.clientIp, { counted, locale }),
  act: ({ request, context }, token) => context.earlierOffers.take(request, token, context.clientIp),
});
