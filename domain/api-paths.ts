/**
 * The public JSON API's addresses: the form islands call them and the server
 * serves them, both from here. They are the original site's paths, kept so
 * its front end still works.
 */

/** POST an appointment request. */
export const APPOINTMENT_PATH = "/api/appointment/public/appointments";

/** GET the booking window and its closed days. */
export const CALENDAR_PATH = "/api/appointment/public/calendar";

/** POST an enquiry from the contact form. */
export const ENQUIRY_PATH = "/api/contact-enquire/public/create";

/** POST one referral form (multipart) before the appointment request. */
export const UPLOAD_PATH = "/api/cloudinary/upload/referrals_forms";

/** GET a service's free times to book online (decision 063): ?service=<slug>&from=YYYY-MM-DD&to=YYYY-MM-DD. */
export const SLOTS_PATH = "/api/appointment/public/slots";

/** POST to ask for an earlier time, or to leave the list (decision 070): {"link": <private link token>, "wanted": true|false}. */
export const EARLIER_ASK_PATH = "/api/appointment/public/earlier-times/ask";

/** POST to take an earlier time offered (decision 070): {"offer": <the offer link's token>}. */
export const EARLIER_TAKE_PATH = "/api/appointment/public/earlier-times/take";
