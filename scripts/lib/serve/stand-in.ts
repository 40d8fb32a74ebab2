import http from "node:http";
import type { AddressInfo } from "node:net";

/** A request as a stand-in kept it. */
interface AskedRequest {
  method: string;
  /** Path and query. */
  url: string;
  authorization?: string;
}

/**
 * A server on this machine standing in for another's API, for the tests: a
 * Netlify build hook, GitHub's API. It answers each request with `respond`
 * (JSON) and keeps what it was asked, in order.
 */
export async function startStandIn(respond: (request: AskedRequest) => { status: number; body?: unknown }) {
  const asked: AskedRequest[] = [];
  const server = http.createServer((incoming, response) => {
    const request: AskedRequest = { method: incoming.method ?? "", url: incoming.url ?? "", ...(incoming.headers.authorization && { authorization: incoming.headers.authorization }) };
    asked.push(request);
    incoming.resume();
    incoming.on("end", () => {
      const { status, body } = respond(request);
      response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, asked, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
