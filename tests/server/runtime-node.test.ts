import { describe, expect, it } from 'vitest';

/**
 * `npm test` runs the whole real-server suite on Node 24, the runtime the
 * host builds this site for (`vercel build` targets `nodejs24.x`), and the
 * files that exercise what differs between Node versions again on the
 * machine's Node (docs/decisions/0009-node-versions-and-one-real-server-run.md).
 * `next start` runs on the runner's own Node (tests/helpers/next-server.ts
 * spawns `process.execPath`), so the runner's version is the server's.
 * EXPECT_NODE_MAJOR (set by scripts/test-all.sh) makes sure each run really
 * happened on the Node it asked for.
 */
describe('the Node the real-server suite runs on', () => {
  const major = Number(process.versions.node.split('.')[0]);

  it('is a supported release (package.json engines: >= 20.9)', () => {
    expect(major).toBeGreaterThanOrEqual(20);
  });

  it.runIf(process.env.EXPECT_NODE_MAJOR !== undefined)('is the one the run asked for (EXPECT_NODE_MAJOR)', () => {
    const expected = Number(process.env.EXPECT_NODE_MAJOR);
    expect(major, `running ${process.version} (${process.execPath})`).toBe(expected);
  });
});
