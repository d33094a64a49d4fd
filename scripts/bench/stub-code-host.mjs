// A stand-in code host on loopback (GITHUB_API_URL and GITHUB_RAW_URL), so release and installer requests never
// leave the machine. Its faults, switched by its `state`: `hang` takes requests and never answers (case (i)'s
// deadline figures, the fault soak), `failStatus` answers every request with that status (a code host failing with
// 500s), `delayMs` answers after that long (a slow code host).
import { createServer } from 'node:http';

const script = '#!/bin/sh\necho "desktop=${LAYER_DESKTOP:-none}"\n';

/** Starts the stand-in; `etag` marks its release answers (each case its own). */
export async function startStubCodeHost({ etag }) {
  const held = new Set();
  const state = { hang: false, failStatus: 0, delayMs: 0, requests: 0, abandoned: 0 };
  const server = createServer((req, res) => {
    state.requests += 1;
    if (state.hang || state.delayMs > 0) {
      held.add(res);
      res.once('close', () => {
        held.delete(res);
        if (!res.writableFinished) state.abandoned += 1;
      });
      if (state.hang) return;
      const timer = setTimeout(() => !res.destroyed && answer(req, res), state.delayMs);
      res.once('close', () => clearTimeout(timer));
      return;
    }
    answer(req, res);
  });

  function answer(req, res) {
    const path = (req.url ?? '/').split('?')[0];
    if (state.failStatus > 0) {
      res.writeHead(state.failStatus, { 'content-type': 'application/json' });
      return res.end('{"message":"Server Error"}');
    }
    const release = /^\/repos\/([^/]+)\/([^/]+)\/releases\/latest$/.exec(path);
    if (release) {
      const [, owner, repo] = release;
      const body = JSON.stringify({
        tag_name: 'v2026.11.20',
        published_at: '2026-11-20T14:03:11Z',
        assets: [
          {
            name: `${repo}-2026.11.20.dmg`,
            size: 8_421_337,
            state: 'uploaded',
            browser_download_url: `https://github.com/${owner}/${repo}/releases/download/v2026.11.20/${repo}-2026.11.20.dmg`,
          },
        ],
      });
      res.writeHead(200, { 'content-type': 'application/json', etag: `"${etag}"` });
      return res.end(body);
    }
    if (path.endsWith('/install.sh')) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end(script);
    }
    if (path.endsWith('/DESIGN.md')) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('# Visual standard\n');
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"message":"Not Found"}');
  }
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    state,
    close: () =>
      new Promise((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
