// `next/server.js`, not `next/server`: the docs build runs these handlers in plain Node ESM
// (lib/docs/remark-api-examples.ts), which needs the file name (next has no exports map).
import { after } from 'next/server.js';
import { batchLimits, jobLimits, parseBatchBody, runBatch } from '@/lib/core/batch';
import { requestFingerprint, runIdempotent, validateIdempotencyKey, type StoredResponse } from '@/lib/core/idempotency';
import { appRows, desktopRows, roomRows } from '@/lib/core/installs';
import { listOptions } from '@/lib/core/options';
import { paginate } from '@/lib/core/pagination';
import type { Result } from '@/lib/core/result';
import { ApiError } from '@/lib/http/problem';
import { parseSandboxBody, parseSandboxQuery } from '@/lib/http/sandbox';
import { runtime } from '@/lib/runtime';
import { answerDeadline } from '@/lib/store/deadline';
import { failOpenTimeoutMs } from '@/lib/store/fail-open';
import { endpointById } from '../doors/v1';
import { implement, type JsonReply } from '../handler';

/**
 * The /v1 doors over the core operations (lib/core). Each handler maps its
 * validated input to one core call and its Result to a reply; errors are
 * the core's ApiErrors, rendered by the wrapper.
 */
function unwrap<T>(result: Result<T, ApiError>): T {
  if (!result.ok) throw result.error;
  return result.value;
}

const noStore = { 'Cache-Control': 'no-store' };

export const searchDocs = implement(endpointById('searchDocs'), async ({ query }) => {
  const rt = runtime();
  const input = { q: query.q, limit: query.limit, cursor: query.cursor };
  const answer = parseSandboxQuery(query.sandbox) ? rt.sandbox.search(input) : await rt.search.search(input);
  return { json: unwrap(answer) };
});

function listHandler(id: 'listDesktops' | 'listRooms' | 'listApps', list: 'desktops' | 'rooms' | 'apps') {
  return implement(endpointById(id), async ({ query }) => {
    const rt = runtime();
    const input = { limit: query.limit, cursor: query.cursor };
    if (parseSandboxQuery(query.sandbox)) {
      const page =
        list === 'desktops' ? rt.sandbox.desktops({ ...input, origin: rt.origin }) : list === 'rooms' ? rt.sandbox.rooms(input) : rt.sandbox.apps(input);
      return { json: unwrap<object>(page) };
    }
    const rows = list === 'desktops' ? desktopRows(rt.origin) : list === 'rooms' ? roomRows() : appRows();
    return { json: unwrap<object>(paginate<object>(rows, { ...input, list, cursors: rt.cursors })) };
  });
}
export const listOptionsHandler = implement(endpointById('listOptions'), async ({ query }) => {
  const rt = runtime();
  const filters = {
    room: query.room,
    q: query.q,
    hostOnly: query.host_only === undefined ? undefined : query.host_only === 'true',
    desktopSafe: query.desktop_safe,
  };
  const page = { limit: query.limit, cursor: query.cursor };
  const answer = parseSandboxQuery(query.sandbox) ? rt.sandbox.options(filters, page) : listOptions(filters, { ...page, cursors: rt.cursors });
  return { json: unwrap<object>(answer) };
});

export const listDesktops = listHandler('listDesktops', 'desktops');
export const listRooms = listHandler('listRooms', 'rooms');
export const listApps = listHandler('listApps', 'apps');

/** Spec "Limits": release metadata is cached five minutes at the edge. */
const releaseCache = { 'Cache-Control': 'public, max-age=60, s-maxage=300' };

/**
 * Every answer within 5 s of arrival (lib/store/deadline.ts). Rate-limited doors
 * start after the limiter, which may take up to its fail-open bound; the
 * route layer does not stamp arrival, so that bound is taken off the budget.
 */
const rateLimitedDeadline = () => answerDeadline(runtime().monotonic, failOpenTimeoutMs);

async function releaseReply(app: string, sandbox: boolean): Promise<JsonReply> {
  const rt = runtime();
  const release = unwrap(sandbox ? rt.sandbox.release(app) : await rt.releases.latestRelease(app, rateLimitedDeadline()));
  return { json: release, headers: releaseCache };
}

export const getRelease = implement(endpointById('getRelease'), async ({ params, query }) =>
  releaseReply(params.app, parseSandboxQuery(query.sandbox)),
);
// The alias that shipped first: the same document, byte for byte (spec "Versioning" 4).
export const getReleaseAlias = implement(endpointById('getReleaseAlias'), async ({ params }) => releaseReply(params.app, false));

export const download = implement(endpointById('download'), async ({ params }) => {
  // Not rate-limited: the handler starts on arrival.
  const rt = runtime();
  const target = await rt.releases.downloadTarget(params.app, answerDeadline(rt.monotonic));
  if (!target.ok) {
    const body = [
      '# Not a downloadable app',
      '',
      `\`${params.app.replace(/[^\w.-]/g, '')}\` is not an app with releases. The downloadable apps are:`,
      '',
      '- pounce: /download/pounce (release metadata: /v1/releases/pounce)',
      '- perch: /download/perch (release metadata: /v1/releases/perch)',
      '',
      'Every app: /v1/apps. Documentation: /docs/apps.',
      '',
    ].join('\n');
    return new Response(body, { status: 404, headers: { 'Content-Type': 'text/markdown; charset=utf-8', ...noStore } });
  }
  // The asset redirect is cached briefly at the edge. The fallback to the
  // releases page is not cached at all: it answers an
  // outage or a release without a macOS asset, and an edge keeping it would
  // go on sending people there after recovery.
  const cacheControl = target.value.kind === 'asset' ? 'public, max-age=60, s-maxage=300' : 'no-store';
  return new Response(null, { status: 302, headers: { Location: target.value.url, 'Cache-Control': cacheControl } });
});

/**
 * Work to do once the answer is sent: Next's `after()` (on Vercel,
 * waitUntil). Outside a request (the docs run examples at build time,
 * lib/docs/remark-api-examples.ts) there is no response to wait for, so it
 * starts at once.
 */
function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}

function batchAnswerResponse(stored: StoredResponse, replayed: boolean): Response {
  const headers = new Headers(stored.headers);
  if (replayed) headers.set('Idempotency-Replayed', 'true');
  return new Response(stored.body, { status: stored.status, headers });
}

export const runBatchHandler = implement(
  endpointById('runBatch'),
  async ({ body, headers, client }) => {
    const rt = runtime();
    const deadline = rateLimitedDeadline();
    const request = unwrap(parseBatchBody(body, batchLimits));
    if (parseSandboxBody(body)) request.sandbox = true;
    // Release operations get what is left of the request's budget.
    const releases = { latestRelease: (app: string) => rt.releases.latestRelease(app, deadline) };
    const execute = async (): Promise<StoredResponse> => {
      const answer = await runBatch(request, { search: rt.search, releases, sandbox: rt.sandbox, origin: rt.origin, log: rt.log });
      return { status: 200, headers: { 'Content-Type': 'application/json', ...noStore }, body: JSON.stringify(answer) };
    };
    const key = headers['Idempotency-Key'];
    if (key === undefined) return batchAnswerResponse(await execute(), false);
    const validKey = unwrap(validateIdempotencyKey(key));
    const outcome = unwrap(
      await runIdempotent(
        { kv: rt.store.kv, clock: rt.clock, monotonic: rt.monotonic, scope: client, key: validKey, fingerprint: requestFingerprint(body), log: rt.log },
        execute,
      ),
    );
    return batchAnswerResponse(outcome.response, outcome.kind === 'replayed');
  },
  { bodyTooLarge: 'batch_too_large' },
);

export const submitJob = implement(
  endpointById('submitJob'),
  async ({ body }) => {
    const rt = runtime();
    const request = unwrap(parseBatchBody(body, jobLimits));
    if (parseSandboxBody(body)) request.sandbox = true;
    const job = unwrap(await rt.jobs.submit(request));
    runAfterResponse(() => rt.jobs.execute(job.id));
    return { status: 202, json: job, headers: { Location: job.url, 'Retry-After': '1', ...noStore } };
  },
  { bodyTooLarge: 'job_too_large' },
);

export const getJob = implement(endpointById('getJob'), async ({ params }) => {
  const job = unwrap(await runtime().jobs.read(params.id));
  return { json: job, headers: noStore };
});

