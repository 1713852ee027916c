import { EventEmitter } from "node:events";
import type tls from "node:tls";
import type SmppPackage from "smpp";
import type { Pdu, Session } from "smpp";
import { encodeGsm7 } from "../../domain/gsm7";
import type { HandOver, MessageLog } from "./hand-over";
import { isReceipt, parseReceipt, type Receipt } from "./receipts";

/** SMPP command_status values this client reads (SMPP 3.4 section 5.1.3). */
export const SMPP_STATUS = {
  ok: 0x0000,
  /** Message queue full: temporary. */
  queueFull: 0x0014,
  /** Throttling error: temporary. */
  throttled: 0x0058,
  /** The receiver could not take the PDU for now (our answer to a deliver_sm we could not store). */
  tempAppError: 0x0064,
} as const;
const TEMPORARY = new Set<number>([SMPP_STATUS.queueFull, SMPP_STATUS.throttled]);

type Smpp = typeof SmppPackage;
/**
 * The smpp package, loaded when the first session starts: only a server
 * with an SMS centre needs it, and its GSM tables (regular expressions past
 * Latin-1) would make V8 hold the compiled chunk it shares with the rest of
 * the server at two bytes a character (decision 036).
 */
let smpp: Smpp | undefined;
async function loadSmpp(): Promise<Smpp> {
  smpp ??= (await import("smpp")).default;
  return smpp;
}

/** "0x0058": how a command_status is written in logs and last_error. */
export function statusCode(status: number): string {
  return `0x${status.toString(16).padStart(4, "0")}`;
}

export interface SmppSessionOptions {
  /** smpp://SYSTEM_ID:PASSWORD@HOST:PORT, or smpps:// for TLS. */
  url: string;
  /** The alphanumeric sender (SMS_SENDER_ID). */
  senderId: string;
  /** Unanswered submits allowed at once. */
  window: number;
  enquireLinkMs: number;
  responseTimeoutMs: number;
  /** Delay before the n-th reconnection in a row (n from 0); by default 1 s doubling to 60 s. */
  reconnectDelayMs?: (failures: number) => number;
  /** Extra TLS options for smpps:// (a test's own certificate authority); certificates are always verified. */
  tls?: Pick<tls.ConnectionOptions, "ca">;
  log?: MessageLog;
  /** Called for each delivery receipt; the receipt is answered only once this resolves (so a failure makes the SMS centre send it again). */
  onReceipt: (receipt: Receipt) => Promise<void>;
  /** Called for each message a phone sent to the sender (a STOP); answered likewise. */
  onInbound?: (from: string, text: string) => Promise<void>;
}

export function defaultReconnectDelay(failures: number): number {
  return Math.min(60_000, 1000 * 2 ** failures);
}

interface Pending {
  settle: (result: HandOver) => void;
}

/**
 * One SMPP 3.4 session to the SMS centre, bound as a transceiver so receipts
 * come back on it (decision 030). It connects in the background and never
 * blocks the caller: while it is not bound, submit() answers "temporary"
 * without sending anything. It keeps the bind alive with enquire_link (a
 * peer that does not answer one in time is dropped), reconnects with backoff
 * when the peer drops or is not up yet, and refuses more unanswered submits
 * than the window. A submit written but left unanswered (the connection
 * lost, or no answer in time) is "unknown": it may have gone.
 */
export class SmppSession {
  private session: Session | undefined;
  private isBound = false;
  private closing = false;
  /** The smpp package is being loaded (start). */
  private loading = false;
  private failures = 0;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private enquireTimer: NodeJS.Timeout | undefined;
  private readonly pending = new Map<number, Pending>();
  private readonly events = new EventEmitter();
  private readonly target: { host: string; port: number; tls: boolean; systemId: string; password: string };

  constructor(private readonly options: SmppSessionOptions) {
    const url = new URL(options.url);
    const secure = url.protocol === "smpps:";
    this.target = {
      host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
      port: url.port ? Number(url.port) : secure ? 3550 : 2775,
      tls: secure,
      systemId: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
    };
  }

  get bound(): boolean {
    return this.isBound;
  }

  get inFlight(): number {
    return this.pending.size;
  }

  /** Starts connecting in the background; returns at once. */
  start(): void {
    if (this.session || this.reconnectTimer || this.loading || this.closing) return;
    if (smpp) return this.connect();
    this.loading = true;
    void loadSmpp().then(
      () => {
        this.loading = false;
        if (!this.session && !this.reconnectTimer && !this.closing) this.connect();
      },
      (error: unknown) => {
        this.loading = false;
        this.options.log?.error({ smpp: "load-failed", code: (error as Error).name }, "SMPP package failed to load");
      },
    );
  }

  /** Resolves true once bound, or false after `timeoutMs`. */
  whenBound(timeoutMs: number): Promise<boolean> {
    if (this.isBound) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.events.off("bound", onBound);
        resolve(false);
      }, timeoutMs);
      const onBound = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.events.once("bound", onBound);
    });
  }

  /** Hands one SMS (GSM-7, one segment) to the SMS centre; `to` in E.164. */
  submit(to: string, text: string): Promise<HandOver> {
    const session = this.session;
    if (!this.isBound || !session) return Promise.resolve({ outcome: "temporary", code: "not bound" });
    if (this.pending.size >= this.options.window) return Promise.resolve({ outcome: "temporary", code: "window full" });
    const alphanumeric = /[A-Za-z]/.test(this.options.senderId);
    const pdu = new smpp!.PDU("submit_sm", {
      source_addr_ton: alphanumeric ? 5 : 1,
      source_addr_npi: alphanumeric ? 0 : 1,
      source_addr: this.options.senderId,
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: to.replace(/^\+/, ""),
      registered_delivery: 1,
      // GSM-7 written here, one septet a byte: the package would otherwise pick ASCII, Latin-1 or UCS-2.
      data_coding: 0,
      short_message: Buffer.from(encodeGsm7(text)),
    });
    return new Promise<HandOver>((resolve) => {
      let done = false;
      const settle = (result: HandOver) => {
        if (done) return; // an answer after its time: the message is already unknown
        done = true;
        clearTimeout(timer);
        this.pending.delete(pdu.sequence_number);
        resolve(result);
      };
      const timer = setTimeout(
        () => settle({ outcome: "unknown", code: "no answer in time" }),
        this.options.responseTimeoutMs,
      );
      const written = session.send(pdu, (resp) => {
        if (resp.command_status === SMPP_STATUS.ok) {
          const id = typeof resp.message_id === "string" && resp.message_id ? resp.message_id : null;
          settle({ outcome: "sent", providerId: id });
        } else if (TEMPORARY.has(resp.command_status)) {
          settle({ outcome: "temporary", code: statusCode(resp.command_status), slowDown: true });
        } else {
          settle({ outcome: "permanent", code: statusCode(resp.command_status) });
        }
      });
      if (!written) {
        done = true;
        clearTimeout(timer);
        resolve({ outcome: "temporary", code: "not connected" });
        return;
      }
      this.pending.set(pdu.sequence_number, { settle });
    });
  }

  /** Unbinds (briefly waiting for the answer) and closes; no reconnection after this. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    const session = this.session;
    if (!session) return;
    await new Promise<void>((resolve) => {
      const done = setTimeout(() => session.destroy(), 1000);
      session.socket.once("close", () => {
        clearTimeout(done);
        resolve();
      });
      if (session.socket.destroyed) {
        clearTimeout(done);
        resolve();
        return;
      }
      const unbound = this.isBound && session.unbind({}, () => session.close());
      if (!unbound) session.close();
    });
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    const { host, port, tls: secure, systemId, password } = this.target;
    const session = smpp!.connect({
      host,
      port,
      tls: secure,
      ...(secure ? { servername: host, rejectUnauthorized: true, ...this.options.tls } : {}),
    });
    this.session = session;
    const connectTimer = setTimeout(() => {
      this.options.log?.warn({ smpp: "connect-timeout" }, "SMPP connection timed out");
      session.destroy();
    }, this.options.responseTimeoutMs);

    session.on(secure ? "secureConnect" : "connect", () => {
      session.bind_transceiver({ system_id: systemId, password }, (resp) => {
        clearTimeout(connectTimer);
        if (resp.command_status !== SMPP_STATUS.ok) {
          this.options.log?.error({ smpp: "bind-refused", code: statusCode(resp.command_status) }, "SMPP bind refused");
          session.destroy();
          return;
        }
        this.isBound = true;
        this.failures = 0;
        this.options.log?.info({ smpp: "bound" }, "SMPP session bound");
        this.keepAlive(session);
        this.events.emit("bound");
      });
    });
    session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()));
    session.on("unbind", (pdu: Pdu) => {
      this.isBound = false;
      session.send(pdu.response(), () => session.close());
    });
    session.on("deliver_sm", (pdu: Pdu) => void this.deliver(session, pdu));
    session.on("error", (error: NodeJS.ErrnoException) => {
      this.options.log?.warn({ smpp: "error", code: error.code ?? error.name }, "SMPP connection error");
      session.destroy();
    });
    session.on("close", () => {
      clearTimeout(connectTimer);
      clearInterval(this.enquireTimer);
      if (this.session === session) this.session = undefined;
      const wasBound = this.isBound;
      this.isBound = false;
      // Written, not answered: the SMS centre may have them.
      for (const [, p] of this.pending) p.settle({ outcome: "unknown", code: "connection lost before the answer" });
      if (this.closing) return;
      const delay = (this.options.reconnectDelayMs ?? defaultReconnectDelay)(this.failures++);
      if (wasBound) this.options.log?.warn({ smpp: "dropped", reconnectMs: delay }, "SMPP session dropped");
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
      this.reconnectTimer.unref();
    });
  }

  /** enquire_link while bound; a peer that does not answer one in time is dropped. */
  private keepAlive(session: Session): void {
    clearInterval(this.enquireTimer);
    this.enquireTimer = setInterval(() => {
      if (!this.isBound || this.session !== session) return;
      const timeout = setTimeout(() => {
        this.options.log?.warn({ smpp: "enquire-link-timeout" }, "SMPP peer did not answer enquire_link");
        session.destroy();
      }, this.options.responseTimeoutMs);
      const sent = session.enquire_link({}, () => clearTimeout(timeout));
      if (!sent) clearTimeout(timeout);
    }, this.options.enquireLinkMs);
    this.enquireTimer.unref();
  }

  /** A receipt or a phone's message: stored first, then answered (temporary error if it could not be stored). */
  private async deliver(session: Session, pdu: Pdu): Promise<void> {
    let status: number = SMPP_STATUS.ok;
    try {
      const message = (pdu.short_message as { message?: unknown } | undefined)?.message;
      const text = typeof message === "string" ? message : Buffer.isBuffer(message) ? message.toString("latin1") : "";
      if (isReceipt(Number(pdu.esm_class ?? 0))) {
        const receipt = parseReceipt(text, {
          receiptedMessageId: pdu.receipted_message_id,
          messageState: pdu.message_state,
        });
        if (receipt) await this.options.onReceipt(receipt);
      } else if (this.options.onInbound) {
        await this.options.onInbound(String(pdu.source_addr ?? ""), text);
      }
    } catch (error) {
      status = SMPP_STATUS.tempAppError;
      this.options.log?.error(
        { smpp: "deliver-failed", err: { message: (error as Error).message } },
        "SMPP deliver_sm not stored",
      );
    }
    session.send(pdu.response({ command_status: status }));
  }
}
