import { ask } from '@/lib/core/ask';
import { checkQuery } from '@/lib/core/search';
import { askRequestSchema, type AskComplete } from '@/lib/core/schemas';
import { preferredMediaType } from '@/lib/http/negotiation';
import { CoreError } from '@/lib/core/core-error';
import { err, ok, type Result } from '@/lib/core/result';
import { parseSandboxQuery } from '@/lib/http/sandbox-query';
import { sseFrame, sseResponse } from '@/lib/http/sse';
import { runtime } from '@/lib/runtime';
import { endpointById } from '../descriptions/shared';
import { askDescriptions } from '../descriptions/ask-endpoints';
import { implement, type JsonReply } from '../endpoint-handler';

/**
 * GET and POST /ask (/docs/agents/ask): the question read by
 * the search core, answered as JSON (the NLWeb envelope) or as server-sent
 * events `start` (the `_meta`), one `result` per ranked result, `complete`.
 * Either `streaming=true` or an `Accept` that prefers `text/event-stream`
 * selects the stream (/docs/agents/ask, "Streaming"), so `streaming=false` (or
 * `prefer.streaming: false`) with an `Accept` that prefers the stream still
 * streams. `Accept` is read with quality values honoured, JSON winning ties
 * and wildcards. Only when `streaming` is absent does an `Accept` that
 * allows neither type answer 406; `streaming=false` then answers JSON.
 */
const answerTypes = ['application/json', 'text/event-stream'];

export function wantsStream(accept: string | null, explicit: boolean | undefined): Result<boolean, CoreError> {
  if (explicit === true) return ok(true);
  const chosen = preferredMediaType(accept, answerTypes);
  if (!chosen && explicit === undefined) {
    return err(new CoreError('not_acceptable', 'The answer is available as application/json and text/event-stream; the Accept header allows neither.'));
  }
  return ok(chosen === 'text/event-stream');
}

async function answer(
  request: Request,
  input: { query: string | undefined; field: 'q' | 'query'; streaming: boolean | undefined; sandbox: boolean },
): Promise<Result<JsonReply | Response, CoreError>> {
  const rt = runtime();
  const arrival = rt.clock();
  const checked = checkQuery(input.query, input.field);
  if (!checked.ok) return checked;
  const streaming = wantsStream(request.headers.get('accept'), input.streaming);
  if (!streaming.ok) return streaming;
  // The answer is ranked before any stream opens, so a failure is still a problem document.
  const answered = await ask(checked.value, { services: rt.services({ sandbox: input.sandbox }), site: rt.origin });
  if (!answered.ok) return answered;
  if (!streaming.value) return ok({ json: answered.value, headers: { 'Cache-Control': 'no-store', Vary: 'Accept' } });
  const { _meta, results } = answered.value;
  function* frames() {
    yield sseFrame('start', _meta);
    for (const result of results) yield sseFrame('result', result);
    yield sseFrame('complete', { count: results.length, elapsed_ms: rt.clock() - arrival } satisfies AskComplete);
  }
  return ok(sseResponse(frames(), { Vary: 'Accept' }));
}

const streamingParam = (value: string | undefined) => (value === undefined ? undefined : value === 'true');

export const askGet = implement(endpointById(askDescriptions, 'askGet'), async ({ request, query }) =>
  answer(request, { query: query.q, field: 'q', streaming: streamingParam(query.streaming), sandbox: parseSandboxQuery(query.sandbox) }),
);

export const askPost = implement(endpointById(askDescriptions, 'askPost'), async ({ request, body }) => {
  const parsed = askRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return err(new CoreError('invalid_parameter', `The body's \`${issue?.path.join('.') || 'body'}\` is not valid: ${issue?.message ?? 'not accepted'}. Send { "query": "…", "prefer": { "streaming": false } }.`));
  }
  const { query, prefer, sandbox } = parsed.data;
  const text = typeof query === 'object' ? query.text : query;
  return answer(request, { query: text, field: 'query', streaming: prefer?.streaming, sandbox: sandbox === true });
});
