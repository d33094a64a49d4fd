import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { Duplex } from 'node:stream';
import compression from 'compression';
import { describe, expect, it } from 'vitest';

/**
 * lib/framework/README.md lists every private behaviour of Next, React, Node
 * and zbsearch the site relies on. These checks keep the list honest: it
 * names the versions installed now (an upgrade fails here until the list is
 * read again and the versions updated), and every file and test it names
 * exists, with every quoted test title in it.
 */
const readme = readFileSync('lib/framework/README.md', 'utf8');
const installed = (name: string) => (JSON.parse(readFileSync(`node_modules/${name}/package.json`, 'utf8')) as { version: string }).version;

describe('lib/framework/README.md', () => {
  it('names the versions of Next, React, zbsearch and @vercel/otel installed now', () => {
    const checked = readme.match(/^Checked against: (.+)$/m)?.[1] ?? '';
    expect(checked).toContain(`**Next ${installed('next')}**`);
    expect(checked).toContain(`**React ${installed('react')}**`);
    expect(checked).toContain(`**zbsearch ${installed('zbsearch')}**`);
    expect(checked).toContain(`**@vercel/otel ${installed('@vercel/otel')}**`);
  });

  it('names this Node among the versions checked', () => {
    const [major, minor] = process.versions.node.split('.');
    expect(readme.match(/\*\*Node ([^*]+)\*\*/)?.[1]).toMatch(new RegExp(`\\b${major}\\.${minor}\\b`));
  });

  it('every file and test it names exists, with every test title it quotes', () => {
    const rows = readme.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| #') && !line.startsWith('| private'));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      const cells = row.split(' | ');
      const paths = [...row.matchAll(/`((?:lib|tests|scripts)\/[\w./-]+|[\w-]+\.ts)`/g)].map(([, name]) => (name!.includes('/') ? name! : `lib/framework/${name}`));
      expect(paths.length, row).toBeGreaterThan(0);
      for (const file of paths) expect(existsSync(file), `${file} (named in lib/framework/README.md)`).toBe(true);
      // A test cell: `tests/….ts` ("a title…"): the title's words before the ellipsis stand in that file.
      for (const [, file, title] of cells.at(-1)!.matchAll(/`(tests\/[\w./-]+)` \("([^"]+)"\)/g)) {
        expect(readFileSync(file!, 'utf8'), `${file}: "${title}"`).toContain(title!.replace(/…$/, ''));
      }
    }
  });
});

describe('the `compression` middleware hands back the stream it writes to', () => {
  it("`response.on('drain')` returns its zlib stream once it compresses (lib/framework/response-compression.ts releases it so)", async () => {
    const middleware = compression({ threshold: 0 }) as unknown as (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
    let handedBack: unknown;
    const server = http.createServer((req, res) =>
      middleware(req, res, () => {
        res.setHeader('Content-Type', 'text/html');
        res.write('<p>compressible</p>');
        handedBack = res.on('drain', () => {});
        res.end();
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      await new Promise<void>((resolve, reject) => {
        http.get({ port, host: '127.0.0.1', path: '/', headers: { 'accept-encoding': 'gzip' } }, (res) => res.resume().on('end', resolve)).on('error', reject);
      });
      expect(handedBack).toBeInstanceOf(Duplex);
    } finally {
      server.close();
    }
  });
});
