import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { EARLIER_ASK_PATH, EARLIER_TAKE_PATH } from "../../../domain/api-paths";
import { NOTICE_HOURS } from "../../../domain/booking-policy";
import { m } from "../../../domain/paraglide/messages.js";
import { formatLongDate } from "../../../domain/dates";
import { formProblemResponses, invalid, messageBody, schemaVerdict, send } from "../../requests/http";
import type { RouteDeps } from "../../requests/types";
import { findByManageToken } from "../manage-links";
import { askEarlier } from "./asking";
import { takeOffer } from "./take";

/**
 * The JSON API of earlier times (decision 070), beside the pages:
 * POST /api/appointment/public/earlier-times/ask {"link": <the private link's token>, "wanted": true|false}
 *   joins or leaves the list: 200 {data: {onList}}; 404 for a link that is not one; 409 when the
 *   appointment cannot join (not a time booked online, or within the notice).
 * POST /api/appointment/public/earlier-times/take {"offer": <the offer link's token>} takes the
 *   time offered: 200 {data: {status: "moved", appointmentDate, appointmentTime, onList: false}} (the
 *   taker leaves the list: decision 084); 409 with {data: {status: "gone" | "ended", appointmentDate,
 *   appointmentTime, onList}} (the patient's own time, unchanged, and whether they are still on the
 *   list) when another took it first or it ended; 404 for a token that is no offer's.
 * Tokens go in the body, never in the address. Both share the private link's rate per address.
 */

const askBody = z.object({ link: z.string().max(100), wanted: z.boolean() });
const takeBody = z.object({ offer: z.string().max(100) });
const timeBody = z.object({ appointmentDate: z.string(), appointmentTime: z.string() });

export async function earlierRoutes(app: FastifyInstance, { config, db, rateLimit, now }: RouteDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = rateLimit(config.rateLimit.privateLinksPerMinute);
  api.post(
    EARLIER_ASK_PATH,
    {
      config: limit,
      attachValidation: true,
      schema: {
        body: askBody,
        response: {
          200: z.object({ data: z.object({ onList: z.boolean() }) }),
          404: messageBody,
          409: messageBody,
          ...formProblemResponses,
        },
      },
    },
    async (request, reply) => {
      const checked = schemaVerdict<z.infer<typeof askBody>>(request);
      if (!checked.ok) return send(reply, invalid(checked.errors));
      const at = now();
      const appt = await findByManageToken(db, checked.value.link, at);
      if (!appt) return reply.code(404).send({ message: m.private_link_not_valid({}, { locale: "en" }) });
      const options = { locale: appt.language };
      if (!(await askEarlier(db, appt, checked.value.wanted, at)))
        return reply.code(409).send({ message: m.private_earlier_not_offered({ hours: NOTICE_HOURS }, options) });
      return reply.code(200).send({ data: { onList: checked.value.wanted } });
    },
  );
  api.post(
    EARLIER_TAKE_PATH,
    {
      config: limit,
      attachValidation: true,
      schema: {
        body: takeBody,
        response: {
          200: z.object({
            message: z.string(),
            data: timeBody.extend({ status: z.literal("moved"), onList: z.boolean() }),
          }),
          404: messageBody,
          409: z.object({
            message: z.string(),
            data: timeBody.extend({ status: z.enum(["gone", "ended"]), onList: z.boolean() }),
          }),
          ...formProblemResponses,
        },
      },
    },
    async (request, reply) => {
      const checked = schemaVerdict<z.infer<typeof takeBody>>(request);
      if (!checked.ok) return send(reply, invalid(checked.errors));
      const view = await takeOffer(db, config, checked.value.offer, now());
      if (!view) return reply.code(404).send({ message: m.earlier_not_valid({}, { locale: "en" }) });
      const options = { locale: view.language };
      if (view.state === "taken") {
        const data = {
          status: "moved" as const,
          appointmentDate: view.offered.date,
          appointmentTime: view.offered.time,
          onList: view.onList,
        };
        return reply.code(200).send({ message: m.earlier_taken_title({}, options), data });
      }
      const when = m.mail_when({ date: formatLongDate(view.own.date, view.language), time: view.own.time }, options);
      const message =
        view.state === "gone" ? m.earlier_gone_lead({ when }, options) : m.earlier_ended_lead({}, options);
      const status = view.state === "gone" ? ("gone" as const) : ("ended" as const);
      return reply.code(409).send({
        message,
        data: { status, appointmentDate: view.own.date, appointmentTime: view.own.time, onList: view.onList },
      });
    },
  );
}
