import { desktops } from '@/lib/catalog';
import { describe, expect, it } from 'vitest';
import { batchAnswerSchemas, type BatchRequest } from '@/lib/core/batch-schemas';
import { operations } from '@/lib/core/operations';
import type { Release, SearchResponse } from '@/lib/core/schemas';
import { problemSchema } from '@/lib/http/problem-schema';
import { batchLimits, jobLimits, parseBatchBody, runBatch, type BatchDeps } from '@/lib/core/batch';
import { createCursorCodec } from '@/lib/core/cursor';
import { unknownAppError } from '@/lib/core/releases';
import { err, ok } from '@/lib/core/result';
import { createSandbox } from '@/lib/core/sandbox';
import type { DocsSearch } from '@/lib/core/search';
import { resolveServices } from '@/lib/core/services';
import { toProblem } from '@/lib/http/problem';
import { serviceDepsOf } from '../helpers/test-services';

const { batchAnswerSchema } = batchAnswerSchemas(operations, problemSchema);
const origin = 'https://layer.example';
const cursors = createCursorCodec('batch-test-secret-0123456789');
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const release: Release = {
  tag: 'v2026.11.20',
  asset: 'Pounce-2026.11.20.dmg',
  size: 1,
  url: 'https://github.com/layer-desktop/pounce/releases/download/v2026.11.20/Pounce-2026.11.20.dmg',
  publishedAt: '2026-11-20T14:03:11Z',
};

function fakeDeps(options: { searchDelayMs?: number; throwOnSearch?: boolean } = {}) {
  const calls = { search: 0, release: 0 };
  const search: DocsSearch = {
    async search(input) {
      calls.search += 1;
      if (options.throwOnSearch) throw new Error('bug');
      await delay(options.searchDelayMs ?? 0);
      const response: SearchResponse = { query: input.q ?? '', results: [], next_cursor: null, total: 0 };
      return ok(response);
    },
  };
  const live = {
    search,
    releases: {
      async latestRelease(app: string) {
        calls.release += 1;
        return app === 'pounce' ? ok(release) : err(unknownAppError(app));
      },
    },
    sandbox: createSandbox({ cursors }),
    origin,
  };
  // The services read `live` when asked, so a test may swap its search.
  const deps: BatchDeps & { live: typeof live } = {
    live,
    services: (sandbox) => resolveServices(serviceDepsOf({ ...live, cursors }), { sandbox }),
    describeFailure: toProblem,
    log: () => undefined,
  };
  return { deps, calls };
}

const errorCode = (result: { ok: boolean; error?: { code: string } }) => (result.ok ? 'ok' : result.error!.code);

describe('parseBatchBody', () => {
  it('accepts a valid batch', () => {
    const body = { operations: [{ kind: 'search', q: 'glow', limit: 5 }, { kind: 'release', app: 'pounce' }, { kind: 'install' }], sandbox: false };
    expect(parseBatchBody(body, batchLimits)).toEqual({ ok: true, value: body });
  });

  it('refuses a body that is not an object with an operations array', () => {
    for (const body of [null, [], 'operations', 42, {}, { operations: 'x' }, { operations: [] }]) {
      expect(errorCode(parseBatchBody(body, batchLimits))).toBe('invalid_batch');
    }
  });

  it('points at the first bad entry', () => {
    const body = {
      operations: [{ kind: 'search', q: 'a' }, { kind: 'install' }, { kind: 'release', app: 'perch' }, { kind: 'delete' }, { kind: 'search' }],
    };
    const result = parseBatchBody(body, batchLimits);
    expect(errorCode(result)).toBe('invalid_batch');
    expect(result.ok ? '' : result.error.detail).toMatch(/^operations\[3\]\.kind: /);

    const missingQ = parseBatchBody({ operations: [{ kind: 'search' }] }, batchLimits);
    expect(missingQ.ok ? '' : missingQ.error.detail).toMatch(/^operations\[0\]\.q: /);
    const badLimit = parseBatchBody({ operations: [{ kind: 'search', q: 'a', limit: 51 }] }, batchLimits);
    expect(badLimit.ok ? '' : badLimit.error.detail).toMatch(/^operations\[0\]\.limit: /);
    const notObject = parseBatchBody({ operations: [7] }, batchLimits);
    expect(notObject.ok ? '' : notObject.error.detail).toMatch(/^operations\[0\]/);
    const badSandbox = parseBatchBody({ operations: [{ kind: 'install' }], sandbox: 'yes' }, batchLimits);
    expect(badSandbox.ok ? '' : badSandbox.error.detail).toMatch(/^sandbox: /);
  });

  it('checks the operation count before the entries', () => {
    const junk = Array.from({ length: 21 }, () => ({ kind: 'nonsense' }));
    expect(errorCode(parseBatchBody({ operations: junk }, batchLimits))).toBe('batch_too_large');
    const tooMany = Array.from({ length: 101 }, () => ({ kind: 'install' }));
    expect(errorCode(parseBatchBody({ operations: tooMany }, jobLimits))).toBe('job_too_large');
  });

  it('takes 20 operations in a batch and 100 in a job', () => {
    const ops = (n: number) => ({ operations: Array.from({ length: n }, () => ({ kind: 'install' })) });
    expect(parseBatchBody(ops(20), batchLimits).ok).toBe(true);
    expect(parseBatchBody(ops(100), jobLimits).ok).toBe(true);
    expect(errorCode(parseBatchBody(ops(21), batchLimits))).toBe('batch_too_large');
  });
});

describe('runBatch', () => {
  it('answers every operation in order, failures as ok:false entries', async () => {
    const { deps } = fakeDeps({ searchDelayMs: 30 });
    const request: BatchRequest = {
      operations: [
        { kind: 'search', q: 'glow' },
        { kind: 'release', app: 'pounce' },
        { kind: 'release', app: 'prowl' },
        { kind: 'install', desktop: 'hacker' },
        { kind: 'install', desktop: 'nope' },
        { kind: 'install' },
      ],
    };
    const answer = await runBatch(request, deps);
    expect(batchAnswerSchema.safeParse(answer).success).toBe(true);
    expect(answer.sandbox).toBeUndefined();
    expect(answer.results.map((entry) => [entry.kind, entry.ok])).toEqual([
      ['search', true],
      ['release', true],
      ['release', false],
      ['install', true],
      ['install', false],
      ['install', true],
    ]);
    const [, releaseEntry, unknownApp, hacker, unknownDesktop, gallery] = answer.results;
    expect(releaseEntry).toEqual({ ok: true, kind: 'release', data: release });
    expect(unknownApp).toMatchObject({ ok: false, problem: { code: 'unknown_app', status: 404, type: '/problems/unknown_app' } });
    expect(hacker).toMatchObject({
      ok: true,
      data: { desktops: [{ desktop: 'hacker', pins: 'hacker', flag: null, install: `curl -fsSL ${origin}/hacker.sh | sh` }] },
    });
    expect(unknownDesktop).toMatchObject({ ok: false, problem: { code: 'unknown_desktop', status: 404 } });
    expect(unknownDesktop?.ok === false && unknownDesktop.problem.detail).toMatch(/hacker.*everyday.*minimal/);
    // The gallery: the layer installer's row (pins null, the plain /layer.sh line), then every desktop.
    expect(gallery?.ok && 'desktops' in gallery.data && gallery.data.desktops.map((row) => row.desktop)).toEqual(['layer', ...desktops.map((desktop) => desktop.name)]);
    expect(gallery?.ok && 'desktops' in gallery.data && gallery.data.desktops[0]).toMatchObject({ pins: null, flag: null, install: `curl -fsSL ${origin}/layer.sh | sh` });
  });

  it('runs operations concurrently: every one has started before any finishes', async () => {
    const { deps } = fakeDeps();
    let started = 0;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const startedWhenReleased: number[] = [];
    const search = deps.live.search.search;
    deps.live.search = {
      async search(input) {
        started += 1;
        await gate;
        startedWhenReleased.push(started);
        return search(input);
      },
    };
    const answer = runBatch({ operations: Array.from({ length: 10 }, () => ({ kind: 'search' as const, q: 'x' })) }, deps);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(started).toBe(10);
    release();
    expect((await answer).results).toHaveLength(10);
    expect(startedWhenReleased).toEqual(Array.from({ length: 10 }, () => 10));
  });

  it('turns a crashing operation into an internal_error entry and answers the rest', async () => {
    const { deps } = fakeDeps({ throwOnSearch: true });
    const answer = await runBatch({ operations: [{ kind: 'search', q: 'x' }, { kind: 'release', app: 'pounce' }] }, deps);
    expect(answer.results[0]).toMatchObject({ ok: false, kind: 'search', problem: { code: 'internal_error', status: 500 } });
    expect(answer.results[1]).toMatchObject({ ok: true, kind: 'release' });
  });

  it('answers a sandbox batch from fixtures, byte-identical, without live reads', async () => {
    const { deps, calls } = fakeDeps();
    const request: BatchRequest = {
      sandbox: true,
      operations: [
        { kind: 'search', q: 'glow', limit: 1 },
        { kind: 'release', app: 'perch' },
        { kind: 'release', app: 'prowl' },
        { kind: 'install', desktop: 'minimal' },
      ],
    };
    const first = await runBatch(request, deps);
    const second = await runBatch(request, deps);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(calls).toEqual({ search: 0, release: 0 });
    expect(batchAnswerSchema.safeParse(first).success).toBe(true);
    expect(first.sandbox).toBe(true);
    expect(first.results[0]).toMatchObject({ ok: true, data: { sandbox: true, query: 'glow' } });
    expect(first.results[1]).toMatchObject({ ok: true, data: { sandbox: true, tag: expect.stringMatching(/^v\d{4}\.\d{2}\.\d{2}$/) } });
    expect(first.results[2]).toMatchObject({ ok: false, problem: { code: 'unknown_app' } });
  });

  it('passes a search failure through as its problem', async () => {
    const { deps } = fakeDeps();
    const answer = await runBatch({ sandbox: true, operations: [{ kind: 'search', q: 'glow', cursor: 'forged' }] }, deps);
    expect(answer.results[0]).toMatchObject({ ok: false, problem: { code: 'invalid_cursor', status: 400 } });
  });
});
