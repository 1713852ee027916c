import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A proxy in front of the e2e server that delivers one page the way a slow
 * mobile connection does: its HTML up to `splitBefore` at once, the rest only
 * later, while everything else (scripts, styles, the API) passes at full
 * speed. The rest follows `afterScript` ms after a script under /islands/ has
 * been delivered (a phone that had it cached gets it at once), or `atMost` ms
 * after the first part, whichever comes first.
 */
export interface SlowDocument {
  origin: string;
  close: () => Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding"]);

export async function slowDocument(
  target: string,
  {
    path,
    splitBefore,
    afterScript = 1_000,
    atMost = 2_500,
    rewrite = (html) => html,
  }: {
    path: string;
    splitBefore: string;
    afterScript?: number;
    atMost?: number;
    /** Changes the page's HTML before it is sent. */
    rewrite?: (html: string) => string;
  },
): Promise<SlowDocument> {
  let scriptDelivered: () => void = () => {};
  const scriptSeen = new Promise<void>((resolve) => (scriptDelivered = resolve));
  const server = http.createServer((req, res) => {
    void (async () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === "string" && name !== "host" && name !== "accept-encoding") headers.set(name, value);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(new URL(req.url ?? "/", target), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
        redirect: "manual",
      });
      const body = Buffer.from(await upstream.arrayBuffer());
      const out: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!HOP_BY_HOP.has(name)) out[name] = value;
      });
      res.writeHead(upstream.status, out);
      const url = new URL(req.url ?? "/", target);
      if (req.method === "GET" && url.pathname === path && upstream.status === 200) {
        const text = rewrite(body.toString("utf8"));
        const at = text.indexOf(splitBefore);
        if (at === -1) throw new Error(`${splitBefore} is not in ${path}`);
        res.write(text.slice(0, at));
        const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
        await Promise.race([scriptSeen.then(() => later(afterScript)), later(atMost)]);
        res.end(text.slice(at));
        return;
      }
      res.end(body, () => {
        if (url.pathname.startsWith("/islands/")) scriptDelivered();
      });
    })().catch((error: unknown) => {
      res.destroy(error as Error);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
