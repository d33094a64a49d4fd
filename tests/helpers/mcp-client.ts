import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/**
 * The MCP SDK's own client (`Client` + Streamable HTTP transport, a
 * 2025-era client) for the real-server suite, sending from one loopback
 * address so each test file keeps its own rate-limit window (see
 * tests/helpers/http.ts). The fetch it is given is node:http with
 * `localAddress`; bodies are read whole (the transports answer JSON).
 */
export function localFetch(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = httpRequest(
        request.url,
        { method: request.method, headers: Object.fromEntries(request.headers), localAddress, agent: false },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers)) {
              if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
            }
            const status = res.statusCode ?? 0;
            const empty = status === 204 || status === 205 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      req.on('error', reject);
      request.signal.addEventListener('abort', () => req.destroy(new Error('aborted')), { once: true });
      if (body) req.write(body);
      req.end();
    });
  };
}

/** A connected SDK client (it sends `initialize` and `notifications/initialized`). */
export async function connectClient(url: string, localAddress: string): Promise<Client> {
  const client = new Client({ name: 'svc-test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: localFetch(localAddress) }));
  return client;
}
