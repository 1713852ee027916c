import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../helpers/app";
import { bookWithLink } from "../helpers/patient-link";
import { addStaff, sessionCookieFor } from "../helpers/staff";

// Private pages stay private however their path is spelled (docs/security.md).
describe("private pages stay private however their path is spelled", () => {
  let t: TestApp;
  let cookie: string;
  let port: number;
  const logged: string[] = [];

  /** A request with its path sent exactly as written (inject() and fetch() would tidy it first). */
  function send(
    path: string,
    { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) {
    return new Promise<{ statusCode: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path, method, headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: "info" },
      { servePages: true, logStream: { write: (line) => logged.push(line) } },
    );
    cookie = await sessionCookieFor(t.db, t.config, (await addStaff(t.db)).id);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("a console page in another spelling is redirected to its one address, never rendered without no-store and noindex", async () => {
    const spellings = [
      "//staff/appointments",
      "/staff//appointments",
      "/staff/./appointments",
      "/about/../staff/appointments",
      "/st%61ff/appointments",
      "/STAFF/appointments",
      "/Staff/appointments?status=requested",
    ];
    for (const url of spellings) {
      const res = await send(url, { headers: { cookie } });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location, url).toBe(
        url.includes("?") ? "/staff/appointments?status=requested" : "/staff/appointments",
      );
      expect(res.headers["cache-control"]).toBe("no-store");
      expect(res.body).not.toContain("Staff console");
    }
    // Where they lead, the console answers with its headers.
    const page = await send("/staff/appointments", { headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("a form post in another spelling is sent on with its method (308), and a path that cannot be read is refused", async () => {
    const post = await send("/STAFF/logout", {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", "content-length": "0" },
    });
    expect(post.statusCode).toBe(308);
    expect(post.headers.location).toBe("/staff/logout");
    for (const url of ["/staff%2Fappointments", "/staff%5Cappointments", "/staff\\appointments", "/a%00"]) {
      const res = await send(url, { headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toBe("Bad request: this address cannot be read.");
    }
  });

  it("a private link in other letter cases or slashes is redirected, and its token never reaches the log", async () => {
    const { token, path } = await bookWithLink(t);
    for (const url of [
      `/Appointment/${token}`,
      `/APPOINTMENT/${token}`,
      `//appointment/${token}`,
      `/appointment//${token}`,
    ]) {
      const res = await send(url);
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(path);
    }
    expect((await send(path)).statusCode).toBe(200);
    const lines = logged.join("");
    expect(lines).toContain('"path":"/appointment/[token]"');
    expect(lines).not.toContain(token);
  });

  it("a Setswana private link, its data requests and any prefix: the token never reaches the log or standard error", async () => {
    const { token, path } = await bookWithLink(t);
    const tn = `/tn${path}`;
    const errors: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      errors.push(args.map(String).join(" "));
    });
    try {
      // Capitalised spellings are redirected to the lower-case page, the token as it was.
      for (const [url, location] of [
        [`/tn/Appointment/${token}`, tn],
        [`/TN/appointment/${token}`, tn],
        [`/Tn/APPOINTMENT/${token}.data`, `${tn}.data`],
        [`//x/appointment/${token}`, `/x/appointment/${token}`],
      ]) {
        const res = await send(url!);
        expect(res.statusCode, url).toBe(301);
        expect(res.headers.location, url).toBe(location);
      }
      const form = { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "same-origin" };
      for (const [url, method, status] of [
        [tn, "GET", 200],
        [`${tn}.data`, "GET", 200],
        [`${tn}.data?_routes=routes/appointment`, "GET", 200],
        [`${path}.data`, "GET", 200],
        [`${tn}/`, "GET", 200],
        [tn, "POST", 400],
        [`/x/appointment/${token}`, "GET", 404],
        // React Router's own error names the path: "You made a PUT request to …".
        [`/x/appointment/${token}`, "PUT", 405],
      ] as const) {
        const res = await send(url, method === "GET" ? {} : { method, headers: form, body: "intent=x" });
        expect(res.statusCode, `${method} ${url}`).toBe(status);
      }
    } finally {
      spy.mockRestore();
    }
    const lines = logged.join("");
    expect(lines).toContain('"path":"/tn/appointment/[token]"');
    expect(lines).toContain('"path":"/tn/appointment/[token].data"');
    expect(lines).toContain('"path":"/x/appointment/[token]"');
    expect(lines).not.toContain(token);
    expect(errors.join("\n")).toContain("/x/appointment/[token]");
    expect(errors.join("\n")).not.toContain(token);
  });
});

describe("Fastify's own messages hide a private link's token too", () => {
  it("a path no route takes is logged as not found without its token", async () => {
    const logged: string[] = [];
    const t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => logged.push(line) } });
    try {
      const token = "Tok3nOfAPrivateLink_abcdefghijklmnopqrstu";
      const res = await t.app.inject({ url: `/tn/Appointment/${token}` });
      expect(res.statusCode).toBe(301);
      const after = await t.app.inject({ url: `/tn/appointment/${token}?x=1` });
      expect(after.statusCode).toBe(404);
      expect(after.body).toContain(token); // Fastify's answer names the path; only the log must not.
      const lines = logged.join("");
      expect(lines).toContain("Route GET:/tn/appointment/[token]?x=1 not found");
      expect(lines).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
