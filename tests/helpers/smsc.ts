import type { AddressInfo } from "node:net";
import smpp, { type Pdu, type Session } from "smpp";

/**
 * A real SMPP 3.4 server on the loopback (the `smpp` package's), standing
 * in for an SMS centre in tests and the benchmark: it checks the bind's
 * account, records each submit_sm (its text decoded from GSM-7 by the
 * package), answers it as the test says, and sends delivery receipts on the
 * bound session.
 */

export interface Submitted {
  to: string;
  from: string;
  sourceTon: number;
  text: string;
  dataCoding: number;
  registeredDelivery: number;
  /** The message id the SMS centre answered with ("" when it refused it). */
  id: string;
}

/** How to answer one submit_sm: a command_status, "drop" (close the connection unanswered) or "silent" (never answer). */
export type SubmitAnswer = number | "drop" | "silent";

export interface Smsc {
  port: number;
  url: string;
  submits: Submitted[];
  binds: number;
  /** Decides each submit's answer (by default 0, accepted). */
  answer: (submit: Omit<Submitted, "id">, n: number) => SubmitAnswer;
  /** Resolves once `n` submits have arrived. */
  submitted: (n: number) => Promise<void>;
  /** Resolves once `n` binds have succeeded in all. */
  bound: (n: number) => Promise<void>;
  /** Sends a delivery receipt for `id` on a bound session; resolves with the answer's command_status. */
  receipt: (id: string, stat: string, opts?: { tlv?: boolean; err?: string }) => Promise<number>;
  /** Sends a message from a phone; resolves with the answer's command_status. */
  inbound: (from: string, text: string) => Promise<number>;
  /** How many enquire_link requests have arrived. */
  enquireLinks: () => number;
  /** When true, enquire_link gets no answer (a peer that hangs). */
  ignoreEnquireLink: boolean;
  /** Refuse every bind, as a centre that is down for its clients (ESME_RBINDFAIL). */
  refuseBinds: boolean;
  /** Closes every session's connection (the SMS centre drops its clients). */
  dropSessions: () => void;
  close: () => Promise<void>;
}

export async function startSmsc({
  port = 0,
  systemId = "clinic",
  password = "secret",
  tls,
}: { port?: number; systemId?: string; password?: string; tls?: { key: string; cert: string } } = {}): Promise<Smsc> {
  let nextId = 1000;
  let binds = 0;
  let enquireLinks = 0;
  const submits: Submitted[] = [];
  const waiting: { n: number; kind: "submit" | "bind"; resolve: () => void }[] = [];
  const bound = new Set<Session>();
  const wake = () => {
    for (const w of [...waiting]) {
      if ((w.kind === "submit" ? submits.length : binds) >= w.n) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    }
  };

  const server = smpp.createServer({ ...tls }, (session: Session) => {
    session.on("error", () => session.destroy());
    session.on("close", () => bound.delete(session));
    session.on("bind_transceiver", (pdu: Pdu) => {
      if (pdu.system_id !== systemId || pdu.password !== password || smsc.refuseBinds) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RBINDFAIL }));
        return;
      }
      session.send(pdu.response({ system_id: "test-smsc" }));
      bound.add(session);
      binds++;
      wake();
    });
    session.on("enquire_link", (pdu: Pdu) => {
      enquireLinks++;
      if (!smsc.ignoreEnquireLink) session.send(pdu.response());
    });
    session.on("unbind", (pdu: Pdu) => {
      bound.delete(session);
      session.send(pdu.response(), () => session.close());
    });
    session.on("submit_sm", (pdu: Pdu) => {
      const message = (pdu.short_message as { message: string }).message;
      const submit = {
        to: String(pdu.destination_addr),
        from: String(pdu.source_addr),
        sourceTon: Number(pdu.source_addr_ton),
        text: message,
        dataCoding: Number(pdu.data_coding),
        registeredDelivery: Number(pdu.registered_delivery),
      };
      const answer = smsc.answer(submit, submits.length);
      if (answer === "silent") {
        submits.push({ ...submit, id: "" });
      } else if (answer === "drop") {
        submits.push({ ...submit, id: "" });
        session.destroy();
      } else if (answer === 0) {
        const id = `smsc-${nextId++}`;
        submits.push({ ...submit, id });
        session.send(pdu.response({ message_id: id }));
      } else {
        submits.push({ ...submit, id: "" });
        session.send(pdu.response({ command_status: answer }));
      }
      wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actualPort = (server.address() as AddressInfo).port;

  const sendOnBound = (options: Record<string, unknown>) =>
    new Promise<number>((resolve, reject) => {
      const session = [...bound][0];
      if (!session) return reject(new Error("no bound session"));
      session.deliver_sm(options, (resp) => resolve(resp.command_status));
    });

  const smsc: Smsc = {
    port: actualPort,
    url: tls
      ? `smpps://${systemId}:${password}@localhost:${actualPort}`
      : `smpp://${systemId}:${password}@127.0.0.1:${actualPort}`,
    submits,
    get binds() {
      return binds;
    },
    answer: () => 0,
    submitted: (n) =>
      new Promise((resolve) => {
        waiting.push({ n, kind: "submit", resolve });
        wake();
      }),
    bound: (n) =>
      new Promise((resolve) => {
        waiting.push({ n, kind: "bind", resolve });
        wake();
      }),
    receipt: (id, stat, { tlv = false, err = "000" } = {}) =>
      sendOnBound({
        source_addr: "26771000000",
        destination_addr: "Clinic",
        esm_class: 0x04,
        data_coding: 0,
        short_message: `id:${id} sub:001 dlvrd:001 submit date:2612070930 done date:2612070931 stat:${stat} err:${err} text:`,
        ...(tlv ? { receipted_message_id: id, message_state: stat === "DELIVRD" ? 2 : 5 } : {}),
      }),
    inbound: (from, text) =>
      sendOnBound({ source_addr: from, destination_addr: "Clinic", esm_class: 0, data_coding: 0, short_message: text }),
    enquireLinks: () => enquireLinks,
    ignoreEnquireLink: false,
    refuseBinds: false,
    dropSessions: () => {
      for (const s of [...server.sessions]) s.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...server.sessions]) s.destroy();
        server.close(() => resolve());
      }),
  };
  return smsc;
}
