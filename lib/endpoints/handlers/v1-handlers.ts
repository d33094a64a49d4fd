import { linkToActive, operationSpan } from '@/lib/platform/telemetry';
// `next/server.js`, not `next/server`: the docs build runs these handlers in plain Node ESM
// (lib/docs-build/remark-api-examples.ts), which needs the file name (next has no exports map).
import { batchLimits, jobLimits, parseBatchBody, runBatch } from '@/lib/core/batch';
import { requestFingerprint, runIdempotent, validateIdempotencyKey } from '@/lib/core/idempotency';
import { operations, type OperationTable, type RestRowId } from '@/lib/core/operations';
import { mapResult, ok } from '@/lib/core/result';
import { runAfterResponse } from '@/lib/http/after-response';
import { toProblem } from '@/lib/http/problem';
import { parseSandboxQuery } from '@/lib/http/sandbox-query';
import { runtime } from '@/lib/runtime';
import { answerDeadline } from '@/lib/platform/deadline';
import { failOpenTimeoutMs } from '@/lib/store/fail-open';
import { endpointById } from '../descriptions/shared';
import { v1Descriptions } from '../descriptions/v1-endpoints';
import type { EndpointSpec } from '../endpoint';
import { implement, type EndpointHandler, type JsonReply } from '../endpoint-handler';
import { serveEach } from '../route-exports';
import { apiNotFound } from './not-found-handlers';

/**
 * The /v1 doors. The reads are the REST door over the operation table
 * (lib/core/operations.ts): one handler per row an operation names, which
 * takes the row's validated parameters as the operation's input and runs it
 * on the request's services, live or sandbox as `?sandbox=` asks; its
 * Result is the handler's: an answer becomes a reply, a failure the
 * wrapper's problem. The catch-all routes under /v1 and /api serve them
 * (`readRoutes`). Batch, jobs and downloads are handlers of their own.
 */

const noStore = { 'Cache-Control': 'no-store' };

/**
 * Every answer within 5 s of arrival (lib/platform/deadline.ts). Rate-limited doors
 * start after the limiter, which may take up to its fail-open bound; the
 * route layer does not stamp arrival, so that bound is taken off the budget.
 */
const rateLimitedDeadline = () => answerDeadline(runtime().monotonic, failOpenTimeoutMs);

/** The request's services: `?sandbox=` read once, live lookups within the request's budget. */
const requestServices = (sandbox: string | undefined) =>
  runtime().services({ sandbox: parseSandboxQuery(sandbox), deadline: rateLimitedDeadline() });

type RowParameters = Record<string, unknown>;

/** The REST door's own handling of an operation's row, where taking each parameter by name is not enough. */
interface ReadRowHandling {
  /** The validated parameters as the operation's input; by default every parameter but `sandbox`, by name. */
  toInput?(params: RowParameters, query: RowParameters): unknown;
  /** Headers of the answer. */
  headers?: Record<string, string>;
}

/** Release metadata is cached five minutes at the edge (/docs/api/limits, "Caching"). */
const releaseCache = { 'Cache-Control': 'public, max-age=60, s-maxage=300' };

const v1ReadHandling: Readonly<Record<string, ReadRowHandling>> = {
  listOptions: {
    toInput: (_params, { room, q, host_only: hostOnly, desktop_safe: desktopSafe, limit, cursor }) => ({
      room,
      q,
      hostOnly: hostOnly === undefined ? undefined : hostOnly === 'true',
      desktopSafe,
      limit,
      cursor,
    }),
  },
  getRelease: { headers: releaseCache },
  // The alias that shipped first: the same document, byte for byte (/docs/api/releases, "/api/release/{app}"); it declares no sandbox.
  getReleaseAlias: { headers: releaseCache },
};

/**
 * The handlers of every row the operations of `table` name, by row id, each
 * bound to the row `rowOf` joins (the site's contract and descriptions,
 * unless a test hands rows made from copies).
 */
export function readHandlers(
  table: OperationTable,
  rowOf: (id: string) => EndpointSpec,
  handling: Readonly<Record<string, ReadRowHandling>> = {},
): Record<string, EndpointHandler> {
  const handlers: Record<string, EndpointHandler> = {};
  for (const [operation, spec] of Object.entries(table)) {
    for (const id of spec.names.rest ?? []) {
      const own = handling[id];
      handlers[id] = implement(rowOf(id), async ({ params, query }) => {
        const { sandbox, ...byName } = { ...(params as RowParameters), ...(query as RowParameters) };
        const input = own?.toInput ? own.toInput(params as RowParameters, query as RowParameters) : byName;
        const answer = await operationSpan('v1', operation, () => spec.run(input as never, requestServices(sandbox as string | undefined)));
        return mapResult(answer, (json): JsonReply => ({ json, ...(own?.headers ? { headers: own.headers } : {}) }));
      });
    }
  }
  return handlers;
}

/** The site's reads, by row id. */
export const restReads = readHandlers(operations, (id) => endpointById(v1Descriptions, id as RestRowId), v1ReadHandling) as Record<RestRowId, EndpointHandler>;

/** What the catch-all routes under /v1 and /api export: every read's path, and a `not_found` problem for any other. */
export const readRoutes = serveEach(Object.values(restReads), apiNotFound);

export const download = implement(endpointById(v1Descriptions, 'download'), async ({ params }) => {
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
    return ok(new Response(body, { status: 404, headers: { 'Content-Type': 'text/markdown; charset=utf-8', ...noStore } }));
  }
  // The asset redirect is cached briefly at the edge. The fallback to the
  // releases page is not cached at all: it answers an
  // outage or a release without a macOS asset, and an edge keeping it would
  // go on sending people there after recovery.
  const cacheControl = target.value.kind === 'asset' ? 'public, max-age=60, s-maxage=300' : 'no-store';
  return ok(new Response(null, { status: 302, headers: { Location: target.value.url, 'Cache-Control': cacheControl } }));
});

/** The batch answer's bytes as the 200 they are, ran now or replayed (`Idempotency-Replayed: true`). */
function batchAnswerResponse(answer: string, replayed: boolean): Response {
  const headers = { 'Content-Type': 'application/json', ...noStore, ...(replayed ? { 'Idempotency-Replayed': 'true' } : {}) };
  return new Response(answer, { status: 200, headers });
}

export const runBatchHandler = implement(
  endpointById(v1Descriptions, 'runBatch'),
  async ({ body, headers, client }) => {
    const rt = runtime();
    const request = parseBatchBody(body, batchLimits);
    if (!request.ok) return request;
    // Release operations get what is left of the request's budget.
    const deadline = rateLimitedDeadline();
    const answerBytes = async () =>
      JSON.stringify(await runBatch(request.value, { door: 'batch', services: (sandbox) => rt.services({ sandbox, deadline }), describeFailure: toProblem, log: rt.log }));
    const key = headers['Idempotency-Key'];
    if (key === undefined) return ok(batchAnswerResponse(await answerBytes(), false));
    const validKey = validateIdempotencyKey(key);
    if (!validKey.ok) return validKey;
    const outcome = await runIdempotent(
      { kv: rt.store.kv, clock: rt.clock, monotonic: rt.monotonic, scope: client, key: validKey.value, fingerprint: requestFingerprint(body), log: rt.log },
      async () => ok(await answerBytes()),
    );
    return mapResult(outcome, (done) => batchAnswerResponse(done.answer, done.kind === 'replayed'));
  },
  { bodyTooLarge: 'batch_too_large' },
);

export const submitJob = implement(
  endpointById(v1Descriptions, 'submitJob'),
  async ({ body }) => {
    const rt = runtime();
    const request = parseBatchBody(body, jobLimits);
    if (!request.ok) return request;
    const submitted = await rt.jobs.submit(request.value);
    if (!submitted.ok) return submitted;
    const job = submitted.value;
    // The run is a trace of its own, linked to this request's (/docs/operate/telemetry).
    const links = linkToActive();
    runAfterResponse(() => rt.jobs.execute(job.id, { links }));
    return ok({ status: 202, json: job, headers: { Location: job.url, 'Retry-After': '1', ...noStore } });
  },
  { bodyTooLarge: 'job_too_large' },
);

export const getJob = implement(endpointById(v1Descriptions, 'getJob'), async ({ params }) =>
  mapResult(await runtime().jobs.read(params.id), (job): JsonReply => ({ json: job, headers: noStore })),
);

