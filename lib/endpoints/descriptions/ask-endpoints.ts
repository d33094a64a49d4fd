import { z } from 'zod';
import { askAnswerSchema, askRequestSchema, queryText } from '@/lib/core/schemas';
import type { EndpointDescription, ResponseSpec } from '../endpoint';
import { sandboxParam } from '../params';

/** The natural-language rows (/docs/agents/ask): GET and POST /ask. */

const askDescription =
  'Documentation search, not a chat model: the question is read by the same search core as /v1/search (a question\'s filler words are dropped, option names are read by their parts, an option\'s own entry ranks above pages that mention it) and the top 10 sections come back, nothing generated. JSON is the NLWeb envelope: `_meta` (`response_type` `answer`, `version` 0.54, `query`, `query_id`, `mode` `list`, `site`) and `results` (`url`, `name`, `site`, `score`, `description`: the excerpt, `breadcrumbs`), the field names of NLWeb\'s REST API. The stream is `text/event-stream`: event `start` (data: the `_meta`), one `result` per result in rank order (data: the result), then `complete` (data: `count` and `elapsed_ms`); each `data:` is one line of JSON. `sandbox` answers from the sandbox search fixtures. The question takes 1–500 characters (500 is this site\'s own limit; the spec sets none).';

const askResponse: ResponseSpec = {
  description: 'The answer: JSON (NLWeb envelope), or a stream of server-sent events `start`, `result`…, `complete`',
  representation: 'json',
  schema: askAnswerSchema,
  alternates: [{ representation: 'sse', schema: z.string().describe('Server-sent events: start, result…, complete') }],
  headers: { Vary: { description: 'Accept: the representation follows it', schema: z.string() } },
};

export const askDescriptions = {
  askGet: {
    tag: 'Natural-language query',
    summary: 'Ask the documentation a question',
    description: askDescription,
    query: z.object({
      q: queryText('The question'),
      streaming: z
        .enum(['true', 'false'])
        .optional()
        .describe('`true` selects server-sent events; so does an `Accept` that prefers `text/event-stream`, whatever `streaming` says (either one selects the stream). Otherwise JSON'),
      sandbox: sandboxParam,
    }),
    inputProblems: { q: 'missing_query' },
    responses: { 200: askResponse },
    errors: ['missing_query', 'invalid_parameter', 'not_acceptable', 'rate_limited', 'index_unavailable'],
  },
  askPost: {
    tag: 'Natural-language query',
    summary: 'Ask the documentation a question (JSON body)',
    description: `${askDescription} The body is NLWeb's: \`query\` and \`prefer.streaming\`; \`Accept: text/event-stream\` also selects the stream, even with \`prefer.streaming: false\`.`,
    body: { schema: askRequestSchema, description: 'The question, and whether to stream the answer; the byte cap is this site\'s own limit (the spec sets none)', maxBytes: 16 * 1024 },
    responses: { 200: askResponse },
    errors: ['missing_query', 'invalid_json', 'invalid_parameter', 'not_acceptable', 'rate_limited', 'index_unavailable'],
  },
} as const satisfies Record<string, EndpointDescription>;

