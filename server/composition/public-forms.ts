import type { FastifyInstance, RouteHandlerMethod } from "fastify";
import { LOCALES, localisedPath } from "../../domain/locale";
import { BOOKING_PATH, CONTACT_PATH, MANAGE_PATH_PREFIX, REPORT_PATH_PREFIX } from "../../domain/paths";
import { bookingPageForm } from "../appointments/booking/index";
import type { Config } from "../base/config";
import { enquiryPageForm } from "../enquiries/page-form";
import { DISCARD_MAX_BYTES } from "../requests/body-limit";
import { MULTIPART_FORM } from "../requests/content-type";
import { PAGE_FORM_ROUTE, SEND_AS_FORM, type PageForm } from "../requests/page-forms";
import { CROSS_SITE_MESSAGE, isCrossSite } from "../requests/same-origin";
import { ENVELOPE_BYTES, tooLarge, uploadIntake, type IntakeDeps } from "../uploads/intake";

/**
 * The public pages' plain form posts (no JavaScript), put together: each
 * capability's adapter (server/appointments/booking/page-form.ts,
 * server/enquiries/page-form.ts), which the pages' actions reach through the
 * load context, and the routes that take the posts in front of React Router.
 */

/** The booking and contact pages' plain posts, as the pages' actions call them. */
export interface PublicForms {
  booking: PageForm;
  enquiry: PageForm;
}

export async function publicForms(deps: IntakeDeps & { now: () => Date }): Promise<PublicForms> {
  const { config, db, now } = deps;
  const intake = await uploadIntake(deps);
  return { booking: bookingPageForm({ config, db, intake, now }), enquiry: enquiryPageForm({ config, db, now }) };
}

/**
 * The routes of the pages' plain form posts (booking, contact, a patient's link), in front of React Router
 * (which answers a post whose Origin differs from its Host with its own 400):
 * a cross-site post is refused here with 403 before its body is read, by the
 * staff console's same-origin rule; the action checks again.
 *
 * The booking's multipart body reaches React Router unread, as the stream
 * that counts it against the route's limit (countBody): its action reads it
 * as a stream (publicForms().booking), so the file is counted while it
 * arrives. The route's body limit leaves room to read and discard a file over
 * the limit, so the page can say so (413) instead of cutting the browser off;
 * past that, the 413 comes before anything is read (declared) or as soon as
 * the count passes it (chunked). The contact form's and the patient's
 * urlencoded bodies are read by the app's form parser (FORM_BODY_MAX_BYTES).
 * The booking takes multipart only, the others urlencoded only: any other
 * type gets 415 before its body is read (server/requests/content-type.ts).
 */
export async function pageFormRoutes(
  app: FastifyInstance,
  { config, render }: { config: Config; render: RouteHandlerMethod },
) {
  await app.register(async (scope) => {
    // The booking's multipart body is handed on unread, as the counted stream (body-limit.ts: countBody).
    scope.addContentTypeParser(MULTIPART_FORM, (_request, payload, done) => done(null, payload));
    scope.addHook("onRequest", async (request, reply) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      if (isCrossSite(config, header)) {
        return reply.code(403).header("cache-control", "no-store").type("text/plain").send(CROSS_SITE_MESSAGE);
      }
    });
    // Each page in each language (decision 037): /book-appointment and /tn/book-appointment alike.
    for (const locale of LOCALES) {
      scope.post(
        localisedPath(BOOKING_PATH, locale),
        {
          bodyLimit: config.uploads.maxBytes + ENVELOPE_BYTES + DISCARD_MAX_BYTES,
          config: {
            bodyTooLarge: { message: tooLarge(config.uploads.maxBytes) },
            accepts: [MULTIPART_FORM],
            unsupportedType: { message: SEND_AS_FORM },
          },
        },
        render,
      );
      scope.post(localisedPath(CONTACT_PATH, locale), PAGE_FORM_ROUTE, render);
      // A patient changing or cancelling through their private link (server/appointments/private-link/manage-page.ts).
      scope.post(`${localisedPath(MANAGE_PATH_PREFIX, locale)}:token`, PAGE_FORM_ROUTE, render);
      // The referring doctor asking for a code, or giving it (server/appointments/reports/pages.ts).
      scope.post(`${localisedPath(REPORT_PATH_PREFIX, locale)}:token`, PAGE_FORM_ROUTE, render);
    }
  });
}
