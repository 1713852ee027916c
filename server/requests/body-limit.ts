import type { IncomingMessage } from "node:http";
import { Transform, type Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TooLargeBody } from "./types";

/**
 * Body limits at the HTTP edge. Every route that reads a body has a limit
 * (Fastify's per-route `bodyLimit`); a body whose Content-Length is larger is
 * answered 413 before anything parses it, and every body, whatever its type
 * and whether or not it declares a length, reaches its reader through a
 * counter that fails with 413 once it passes the limit (countBody): parsers,
 * the upload and booking readers and React Router all read that stream,
 * never the raw request. So that every client can read the 413 (Node's
 * fetch reports "other side closed" when a server closes while it is still
 * sending), a bounded excess is read and thrown away before answering, the way
 * nginx's lingering close does; beyond that bound the connection is closed.
 */

/** JSON API bodies (enquiries, appointments): Fastify's default bodyLimit. */
export const JSON_BODY_MAX_BYTES = 64 * 1024;
/** Urlencoded form posts read by React Router actions: the staff console's and the contact page's. */
export const FORM_BODY_MAX_BYTES = 32 * 1024;
/** Bytes beyond a route's limit that are read and discarded so the client can read the 413. */
export const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
/** Time spent discarding an oversized body before the connection is closed instead. */
export const DISCARD_MAX_MS = 10_000;

export const TOO_LARGE_MESSAGE = "The request is too large.";
/** The code of the error a counted body fails with past its route's limit (Fastify's own code for it). */
export const BODY_TOO_LARGE = "FST_ERR_CTP_BODY_TOO_LARGE";
/** The code of the error a file part fails with when it goes so far beyond its limit that it is not read to the end: close the connection. */
export const DISCARD_EXCEEDED = "UPLOAD_DISCARD_EXCEEDED";

/**
 * Reads and discards the rest of a request body, at most `maxBytes` and
 * `maxMs`. True when the whole body was read (the connection can stay open).
 */
export function discardBody(
  raw: IncomingMessage,
  maxBytes = DISCARD_MAX_BYTES,
  maxMs = DISCARD_MAX_MS,
): Promise<boolean> {
  if (raw.readableEnded || raw.complete) return Promise.resolve(true);
  // Whatever the counter (countBody) still holds is not wanted: the rest goes nowhere.
  raw.unpipe();
  return new Promise((resolve) => {
    let seen = 0;
    const finish = (complete: boolean) => {
      clearTimeout(timer);
      raw.off("data", onData);
      raw.off("end", onEnd);
      raw.off("error", onError);
      raw.off("close", onClose);
      if (!complete) raw.pause();
      resolve(complete);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) finish(false);
    };
    const onEnd = () => finish(true);
    const onError = () => finish(false);
    const onClose = () => finish(raw.complete);
    const timer = setTimeout(() => finish(false), maxMs);
    raw.on("data", onData);
    raw.on("end", onEnd);
    raw.on("error", onError);
    raw.on("close", onClose);
    raw.resume();
  });
}

/** Bytes the request declares, or undefined for a chunked body (or none). */
function declaredLength(request: FastifyRequest): number | undefined {
  const value = request.headers["content-length"];
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * onRequest hook: a declared body larger than the route's limit gets 413
 * with a JSON message before any parser or handler runs.
 */
export async function refuseOversizedBody(request: FastifyRequest, reply: FastifyReply) {
  const declared = declaredLength(request);
  const limit = request.routeOptions.bodyLimit;
  if (declared === undefined || !limit || declared <= limit) return;
  return answerTooLarge(request, reply, declared - limit <= DISCARD_MAX_BYTES);
}

/** Requests whose unread body is too large to discard: their connection is closed after the answer. */
const notDrained = new WeakSet<FastifyRequest>();

/** Sends the route's 413 body; without `drain` the connection is closed instead of the rest being read. */
export async function answerTooLarge(request: FastifyRequest, reply: FastifyReply, drain = true) {
  const body: TooLargeBody = request.routeOptions.config?.bodyTooLarge ?? { message: TOO_LARGE_MESSAGE };
  if (!drain) {
    notDrained.add(request);
    reply.header("connection", "close");
  }
  return reply.code(413).header("cache-control", "no-store").send(body);
}

/** The error a counted body fails with past its limit: 413, as Fastify's own parsers fail. */
export function bodyTooLargeError(): Error {
  return Object.assign(new Error("Request body is too large"), { statusCode: 413, code: BODY_TOO_LARGE });
}

/**
 * preParsing hook: a request body reaches every reader through a stream that
 * counts its bytes and fails with a 413 error once they pass the route's
 * limit, whatever the content type and whether a length was declared or the
 * body is chunked. Fastify's parsers read it; a parser that leaves the body
 * unread hands this stream on as the request's body (the multipart routes:
 * the upload, the booking page), and React Router reads only what a parser
 * gave it (server/http/react-router.ts), never the raw request. Past the limit
 * nothing more is read through it; drainUnreadBody discards a bounded rest.
 */
export async function countBody(request: FastifyRequest, _reply: FastifyReply, payload: Readable) {
  if (!hasBody(request)) return payload;
  return countedStream(payload, request.routeOptions.bodyLimit ?? JSON_BODY_MAX_BYTES);
}

/** `source` through a counter that fails with bodyTooLargeError past `limit` bytes; aborts and errors are passed on. */
export function countedStream(source: Readable, limit: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(bodyTooLargeError());
      else callback(null, chunk);
    },
  });
  // Its readers listen for errors; a body nobody reads (a GET's) must not fail unheard.
  counter.on("error", () => undefined);
  const onError = (error: Error) => counter.destroy(error);
  // A client that goes away mid-body: the reader gets an error, not a stream that never ends.
  const onClose = () => {
    if (!(source as Partial<IncomingMessage>).complete && !source.readableEnded) {
      counter.destroy(Object.assign(new Error("The request was aborted"), { statusCode: 400, code: "ECONNRESET" }));
    }
  };
  source.on("error", onError);
  source.on("close", onClose);
  counter.on("close", () => {
    source.off("error", onError);
    source.off("close", onClose);
  });
  source.pipe(counter);
  return counter;
}

/** Whether the request sends a body: chunked, or a Content-Length above 0. */
export function hasBody(request: FastifyRequest): boolean {
  const length = Number(request.headers["content-length"]);
  return request.headers["transfer-encoding"] !== undefined || (Number.isFinite(length) && length > 0);
}

/**
 * onSend hook: an answer given before the request body was read (413, a rate
 * limit, a cap, 503 when the database is down, a wrong content type) waits
 * until the rest of the body has been read and discarded, within bounds, so
 * the client is not cut off mid-send and can read it; past the bounds the
 * connection is closed after the answer.
 */
export async function drainUnreadBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  // Fastify also asks for "connection: close" after a parser error (a chunked body past its
  // limit): the rest is still discarded first, or closing would reset the connection
  // under a client that is still sending, and it would never read the answer.
  if (request.raw.complete || !hasBody(request) || notDrained.has(request)) return payload;
  const complete = await discardBody(request.raw);
  if (!complete) reply.header("connection", "close");
  return payload;
}
