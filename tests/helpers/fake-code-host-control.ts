import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FakeCodeHost, RecordedRequest, Scenario } from './fake-code-host';

/**
 * A control channel for a fake code host running in another process (the
 * real-server suite starts the fake in vitest's global setup, while test
 * files run in workers). Plain JSON over loopback HTTP.
 */
export async function serveFakeCodeHostControl(fake: FakeCodeHost): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    const url = new URL(req.url ?? '/', 'http://control');
    let answer: unknown = { ok: true };
    if (url.pathname === '/scenario') fake.setScenario(body.path, body.scenario);
    else if (url.pathname === '/reset') fake.reset();
    else if (url.pathname === '/requests') answer = fake.requests;
    else {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The test-side handle of a fake code host in another process. */
export function remoteFakeCodeHost(controlUrl: string) {
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${controlUrl}${path}`, { method: 'POST', body: JSON.stringify(body ?? {}) });
    return response.json() as Promise<unknown>;
  };
  return {
    setScenario: (path: string, scenario: Scenario) => call('/scenario', { path, scenario }),
    reset: () => call('/reset'),
    requests: () => call('/requests') as Promise<RecordedRequest[]>,
    async calls(path: string) {
      return (await this.requests()).filter((request) => request.path.split('?')[0] === path).length;
    },
  };
}
