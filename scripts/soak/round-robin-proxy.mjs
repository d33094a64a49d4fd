// The fault soak's load balancer: a small round-robin HTTP proxy in front of the site's instances, as a load balancer
// in front of `next start` would be. Each request goes to the next backend; a backend that refuses the connection
// (stopped, or not yet listening again) is skipped for the next one, since the request never reached it. Every answer
// names the backend that gave it (`x-soak-backend`); a request cut off by a backend that died while it held the request
// is answered 502 with `x-soak-proxy: cut`, so the history tells a kill's casualties from the site's own 5xx.
//
// The client's `x-forwarded-for` is passed on as this proxy saw it: the site runs with TRUST_PROXY_HOPS=1 and counts
// each simulated client by it (/docs/api/limits, "Rate limit").
import { once } from 'node:events';
import { Agent, createServer, request as httpRequest } from 'node:http';

/** Connection errors that mean the backend never took the request. */
const refused = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * `backends`: objects whose `port` may change while the proxy runs (an instance started again elsewhere), and whose
 * `index` names them in `x-soak-backend`.
 */
export async function startRoundRobinProxy(backends) {
  let next = 0;
  // Idle connections are dropped before the instance's own keep-alive timeout (Node's 5 s) closes them: reusing one
  // the instance is closing would cut a request it never saw.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 4_000 });
  const counts = { forwarded: 0, skipped: 0, cut: 0 };

  function forward(req, res, body, tried, after = undefined) {
    // The next in turn, or after a refusal the one after the backend that refused.
    const backend = backends[after === undefined ? next++ % backends.length : (after + 1) % backends.length];
    const upstream = httpRequest(
      { host: '127.0.0.1', port: backend.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        counts.forwarded += 1;
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-soak-backend': String(backend.index) });
        answer.pipe(res);
        // The backend died mid-answer: the client sees its connection cut, as it would behind a real balancer.
        answer.once('aborted', () => res.destroy());
        answer.once('error', () => res.destroy());
      },
    );
    upstream.once('error', (error) => {
      if (res.headersSent) return void res.destroy();
      if (refused.has(error.code) && tried + 1 < backends.length) {
        counts.skipped += 1;
        return forward(req, res, body, tried + 1, backends.indexOf(backend));
      }
      counts.cut += 1;
      res.writeHead(502, { 'content-type': 'text/plain', 'x-soak-proxy': 'cut', 'x-soak-backend': String(backend.index) });
      res.end(`backend ${backend.index}: ${error.code ?? error.message}\n`);
    });
    upstream.end(body);
  }

  const server = createServer(async (req, res) => {
    // Bodies are small (at most 64 KiB): read whole, so a request can go to the next backend when one refuses it.
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    forward(req, res, Buffer.concat(chunks), 0);
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    counts,
    async close() {
      server.closeAllConnections();
      server.close();
      agent.destroy();
    },
  };
}
