import net from "node:net";

/**
 * A TCP proxy between the app and its database, for outage tests: `cut()`
 * drops every connection and refuses new ones (the database seems gone,
 * without stopping a server other tests share), `cutOn(text)` cuts the moment
 * the app sends a message containing `text` (in the middle of a
 * transaction), and `restore()` lets connections through again.
 */
export interface TcpProxy {
  port: number;
  cut: () => void;
  cutOn: (text: string) => void;
  restore: () => void;
  close: () => Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let down = false;
  let trigger: Buffer | undefined;
  const cut = () => {
    down = true;
    trigger = undefined;
    for (const socket of open) socket.destroy();
    open.clear();
  };
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    open.add(client).add(upstream);
    const forget = () => {
      open.delete(client);
      open.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on("error", forget).on("close", forget);
    upstream.on("error", forget).on("close", forget);
    client.on("data", (data: Buffer) => {
      if (trigger && data.includes(trigger)) return cut();
      upstream.write(data);
    });
    upstream.on("data", (data: Buffer) => client.write(data));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut,
    cutOn: (text) => {
      trigger = Buffer.from(text);
    },
    restore: () => {
      down = false;
    },
    close: async () => {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
