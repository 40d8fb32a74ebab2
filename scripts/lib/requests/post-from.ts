import http from "node:http";

/**
 * Many visitors on one machine: each client its own loopback address
 * (127.0.0.2 onwards), bound as the local address of its connections, so a
 * server that takes the client address from the connection (the function's
 * context.ip on Netlify and under `netlify serve`) sees as many visitors.
 */
export const loopbackClients = (count: number) => Array.from({ length: count }, (_, n) => `127.0.0.${n + 2}`);

/** Posts `body` as JSON to `url` from the address `from`; resolves to the status. */
export function postJsonFrom(url: string, from: string, agent: http.Agent, body: unknown, headers: Record<string, string> = {}): Promise<number> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", agent, localAddress: from, headers: { ...headers, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(data) } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(data);
  });
}
