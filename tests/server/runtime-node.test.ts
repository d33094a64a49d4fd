import { describe, expect, it } from 'vitest';

/**
 * `npm test` runs the real-server suite twice: on the machine's Node and on
 * Node 24, the runtime the host builds this site for (`vercel build` targets
 * `nodejs24.x`). `next start` runs on the runner's own Node
 * (tests/helpers/next-server.ts spawns `process.execPath`), so the runner's
 * version is the server's. EXPECT_NODE_MAJOR (set by scripts/test-all.sh for
 * the second run) makes sure that run really happened on Node 24.
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
