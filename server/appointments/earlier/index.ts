/**
 * The face of appointments/earlier/ (decision 070): earlier times offered to the patients who
 * asked. What the rest of the code may import from it; everything else in the folder is private
 * to it (eslint.config.js holds that).
 */
export { askEarlier, mayAskEarlier } from "./asking";
export { type EarlierOffers, earlierOfferPage, type OfferAnswer } from "./offer-page";
export { BATCH_EVERY_MS, BATCH_SIZE, OFFERS_EVERY_MS, offersRound, sendDueOffers, startEarlierOffers } from "./offers";
export { earlierRoutes } from "./routes";
export { earlierForStaff } from "./staff-view";
export { earlierOffersTo } from "./privacy";
export { type OfferState, type OfferView } from "./take";
