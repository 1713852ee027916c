/**
 * The part of the `smpp` package (0.5, plain JavaScript) this server uses:
 * a session to an SMS centre, and the server the tests and the benchmark run
 * as one.
 */
declare module "smpp" {
  import type { EventEmitter } from "node:events";
  import type net from "node:net";
  import type tls from "node:tls";

  /** A protocol data unit: one made here (new PDU) or one received. */
  export class PDU {
    constructor(command: string, options?: Record<string, unknown>);
    command: string;
    command_status: number;
    sequence_number: number;
    [field: string]: unknown;
    response(options?: Record<string, unknown>): Pdu;
    isResponse(): boolean;
  }
  export type Pdu = PDU;

  export class Session extends EventEmitter {
    socket: net.Socket;
    server?: Server;
    send(pdu: Pdu, onResponse?: (pdu: Pdu) => void, onSent?: (pdu: Pdu) => void): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    submit_sm(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    deliver_sm(options: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    enquire_link(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
    unbind(options?: Record<string, unknown>, onResponse?: (pdu: Pdu) => void): boolean;
  }

  export interface Server extends net.Server {
    sessions: Session[];
  }

  export interface ConnectOptions extends Partial<tls.ConnectionOptions> {
    host: string;
    port: number;
    tls?: boolean;
  }

  export function connect(options: ConnectOptions, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export function createServer(listener?: (session: Session) => void): Server;

  export const errors: Record<string, number>;
  export const ESME_ROK: number;
  export const ESME_RTHROTTLED: number;
  export const ESME_RMSGQFUL: number;

  const smpp: {
    connect: typeof connect;
    createServer: typeof createServer;
    PDU: typeof PDU;
    errors: typeof errors;
  };
  export default smpp;
}
