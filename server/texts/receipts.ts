/**
 * SMPP delivery receipts (deliver_sm with a receipt's esm_class): which
 * message they are about and what became of it. SMPP 3.4 gives the message
 * id and state as optional parameters (receipted_message_id, message_state)
 * and, by the widespread convention of its appendix B, in the text:
 * `id:IIII sub:001 dlvrd:001 submit date:YYMMDDhhmm done date:YYMMDDhhmm stat:DELIVRD err:000 text:…`.
 * The parameters win when both are there.
 */

export interface Receipt {
  providerId: string;
  /** Delivered to the phone, failed for good, or still on its way (no change). */
  status: "delivered" | "failed" | null;
  /** The receipt's state word (DELIVRD, UNDELIV…) and error code: what staff see, never the text. */
  code: string;
}

/** esm_class bits 2-5 say what a deliver_sm is: 0 a message from a phone, else a receipt or an acknowledgement. */
export function isReceipt(esmClass: number): boolean {
  return (esmClass & 0x3c) !== 0;
}

const FINAL_STATES: Record<string, Receipt["status"]> = {
  DELIVRD: "delivered",
  EXPIRED: "failed",
  DELETED: "failed",
  UNDELIV: "failed",
  REJECTD: "failed",
  ACCEPTD: null,
  ENROUTE: null,
  UNKNOWN: null,
};

/** message_state values (SMPP 3.4 section 5.2.28) by their receipt word. */
const MESSAGE_STATES: Record<number, string> = {
  1: "ENROUTE",
  2: "DELIVRD",
  3: "EXPIRED",
  4: "DELETED",
  5: "UNDELIV",
  6: "ACCEPTD",
  7: "UNKNOWN",
  8: "REJECTD",
};

/** The receipt in a deliver_sm's text and optional parameters, or null when it names no message. */
export function parseReceipt(
  text: string,
  tlv: { receiptedMessageId?: unknown; messageState?: unknown } = {},
): Receipt | null {
  const id =
    typeof tlv.receiptedMessageId === "string" && tlv.receiptedMessageId.trim()
      ? tlv.receiptedMessageId.trim()
      : /(?:^|\s)id:(\S+)/i.exec(text)?.[1];
  if (!id) return null;
  const stateWord =
    typeof tlv.messageState === "number" && MESSAGE_STATES[tlv.messageState]
      ? MESSAGE_STATES[tlv.messageState]!
      : (/(?:^|\s)stat:(\w+)/i.exec(text)?.[1] ?? "UNKNOWN").toUpperCase();
  const err = /(?:^|\s)err:(\w+)/i.exec(text)?.[1];
  return {
    providerId: id,
    status: FINAL_STATES[stateWord] ?? null,
    code: `${stateWord}${err && err !== "000" ? ` err:${err}` : ""}`.slice(0, 40),
  };
}
