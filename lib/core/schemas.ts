import { z } from 'zod';
import { appNames } from '@/lib/catalog/apps';
import { optionKinds } from '@/lib/catalog/options';

/**
 * The resources of the API (their fields as /docs/api/search,
 * /docs/api/releases, /docs/api/catalog and /docs/api/errors state them),
 * written once. Handlers validate against them, /openapi.json is generated
 * from them (`z.toJSONSchema`), and every door (REST, MCP, A2A, /ask) reuses
 * them. The batch and job bodies and answers are made from the operation
 * table (lib/core/batch-schemas.ts); the problem document is the HTTP door's
 * (lib/http/problem-schema.ts). Field names no outside standard fixes (list
 * pages, batch entries, jobs) are chosen here and documented by their
 * `.describe()` text.
 */

export const appNameSchema = z.enum(appNames).meta({ id: 'AppName' });
const releaseTagPattern = /^v\d{4}\.\d{2}\.\d{2}(-\d+)?$/;

/** How descriptions mark a limit that is this site's own choice (/docs/api/limits, "Sizes": the "Set by" column). */
export const siteLimit = "this site's own limit; the spec sets none";

/** Longest query any door takes (`q` of /v1/search, batch and job searches, MCP, /ask): this site's choice. */
export const maxQueryLength = 500;
/**
 * A query parameter or argument: `what`, 1–maxQueryLength characters (every
 * door caps it alike). `q` takes at least 1 character and its upper bound
 * is this site's own (/docs/api/limits, "Sizes"), so the description says so.
 */
export const queryText = (what: string, more = '') =>
  z
    .string()
    .min(1)
    .max(maxQueryLength)
    .describe(`${what}, 1–${maxQueryLength} characters (${maxQueryLength} is ${siteLimit})${more}`);

/** A site-relative or absolute link: an RFC 3986 §4.1 URI-reference (a hit's `url` is site-relative, /docs/api/search). */
export const uriReference = () => z.string().meta({ format: 'uri-reference' });

export const releaseSchema = z
  .object({
    tag: z.string().regex(releaseTagPattern).describe('Release tag, form v<YYYY.MM.DD> (or v<YYYY.MM.DD>-<N>)'),
    asset: z.string().describe('Asset file name'),
    size: z.number().int().describe('Asset size in bytes'),
    url: z.url().describe('Asset download URL on the code host'),
    publishedAt: z.iso.datetime().describe('When the release was published'),
    sandbox: z.literal(true).optional().describe('Present and true only for a sandbox fixture'),
  })
  .meta({ id: 'Release' });
export type Release = z.infer<typeof releaseSchema>;

const searchHitSchema = z
  .object({
    url: uriReference().describe('Site-relative URL of the section, with its #anchor'),
    breadcrumbs: z.array(z.string()).describe('From the docs\' root (`Docs`) through the folders and the page\'s title to the section\'s heading; the sandbox\'s hits have the same trail'),
    excerpt: z.string(),
    score: z.number().int().describe('Relevance; higher ranks first'),
  })
  .meta({ id: 'SearchHit' });
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z
  .object({
    query: z.string(),
    results: z.array(searchHitSchema).describe('Ranked, best first'),
    next_cursor: z.string().nullable().describe('Pass back as `cursor`; null on the last page'),
    total: z.number().int().describe('Results across all pages'),
    sandbox: z.literal(true).optional(),
  })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const desktopRowSchema = z
  .object({
    desktop: z.string().describe('Desktop name; `layer` for the plain installer, which asks'),
    title: z.string(),
    author: z.string().nullable().describe('Who made the desktop; null when the catalog does not state it'),
    blurb: z.string(),
    rooms: z.array(z.string()).nullable().describe('Rooms the desktop turns on; null while the catalog does not state them'),
    pins: z
      .string()
      .nullable()
      .describe('The desktop the install URL pre-answers; null when the line uses /layer.sh, which asks'),
    install: z.string().describe('The shell line that installs the desktop'),
    flag: z
      .string()
      .nullable()
      .describe('`--desktop=<flakeref>` for a desktop in its own repository; null otherwise'),
    docs_url: uriReference().describe('Documentation of the desktop'),
  })
  .meta({ id: 'DesktopRow' });
export type DesktopRow = z.infer<typeof desktopRowSchema>;

export const installAnswerSchema = z
  .object({ desktops: z.array(desktopRowSchema) })
  .meta({ id: 'InstallAnswer' });

export const roomRowSchema = z
  .object({
    room: z.string(),
    title: z.string(),
    namespaces: z.array(z.string()).describe('Option namespaces the room owns, e.g. `layer.wallpaper`'),
    docs_url: uriReference().describe('The room\'s documentation page'),
  })
  .meta({ id: 'RoomRow' });

export const appRowSchema = z
  .object({
    app: appNameSchema,
    title: z.string(),
    blurb: z.string(),
    release_url: uriReference().describe('URL of the latest release metadata (/v1/releases/{app})'),
    download_url: uriReference().describe('Stable download redirect (/download/{app})'),
    repository_url: z.url().describe('The app\'s repository on the code host'),
    docs_url: uriReference(),
  })
  .meta({ id: 'AppRow' });

const optionKindSchema = z.enum(optionKinds).meta({ id: 'OptionKind' });

const optionRowSchema = z
  .object({
    name: z.string().describe('Full option name, e.g. `layer.wallpaper.glow.spread`; `<name>` stands for a key you choose, `*` for any list entry'),
    room: z.string().describe('The room that owns the option'),
    namespace: z.string().describe('The option namespace, e.g. `layer.wallpaper`'),
    type: z.string().describe('The reference\'s Type, as markdown (enum values in backticks)'),
    kind: optionKindSchema.describe('The kind of value, read from the start of `type` (after `null or`), for filtering'),
    default: z.string().describe('The reference\'s Default, as markdown'),
    rules: z.string().describe('The reference\'s Rules, as markdown, without the classification marks; may be empty'),
    host_only: z.boolean().describe('Marked Host-only: a shared desktop may not set it'),
    desktop_safe_per_key: z.boolean().describe('Marked Desktop-safe per key: a named rule decides which keys a desktop may write'),
    docs_url: uriReference().describe('The option\'s entry on its room page'),
  })
  .meta({ id: 'OptionRow' });
export type OptionRow = z.infer<typeof optionRowSchema>;

/** One page envelope for the desktop, room and app lists. */
function pageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item).describe('This page of rows'),
      next_cursor: z.string().nullable().describe('Pass back as `cursor`; null on the last page'),
      total: z.number().int().describe('Rows across all pages'),
      sandbox: z.literal(true).optional(),
    })
    .meta({ id });
}
export const desktopPageSchema = pageSchema(desktopRowSchema, 'DesktopPage');
export const roomPageSchema = pageSchema(roomRowSchema, 'RoomPage');
export const appPageSchema = pageSchema(appRowSchema, 'AppPage');
export const optionPageSchema = pageSchema(optionRowSchema, 'OptionPage');

// --- /ask (NLWeb envelope) ---------------------------------------------------

const askMetaSchema = z
  .object({
    response_type: z.literal('answer').describe('NLWeb response type: an answer (this service never elicits or promises)'),
    version: z.string().describe('The NLWeb protocol version the envelope follows'),
    query: z.string().describe('The question as received'),
    query_id: z.string().describe('Identifies this answer (and its stream)'),
    mode: z.literal('list').describe('NLWeb mode: a ranked list of the documentation\'s own sections; nothing is generated'),
    site: z.string().describe('The site the results come from: its public origin'),
    sandbox: z.literal(true).optional().describe('Present and true for a sandbox answer'),
  })
  .meta({ id: 'AskMeta' });
export type AskMeta = z.infer<typeof askMetaSchema>;

const askResultSchema = z
  .object({
    url: uriReference().describe('Site-relative URL of the section, with its #anchor (as /v1/search)'),
    name: z.string().describe('The section\'s name: the last of its breadcrumbs'),
    site: z.string().describe('The site the result comes from (as `_meta.site`)'),
    score: z.number().int().describe('Relevance, the same score /v1/search gives; higher ranks first'),
    description: z.string().describe('The section\'s own text around the match (the search excerpt), never generated'),
    breadcrumbs: z.array(z.string()).describe('Page titles leading to the section, ending with it'),
  })
  .meta({ id: 'AskResult' });
export type AskResult = z.infer<typeof askResultSchema>;

export const askAnswerSchema = z
  .object({
    _meta: askMetaSchema,
    query_id: z.string().describe('The same as `_meta.query_id` (NLWeb REST field)'),
    results: z.array(askResultSchema).describe('Ranked, best first; at most 10'),
  })
  .meta({ id: 'AskAnswer' });
export type AskAnswer = z.infer<typeof askAnswerSchema>;

/** POST /ask: NLWeb's `query` (a string, or v0.54's `{ text }`), `prefer.streaming`, and the sandbox switch. */
export const askRequestSchema = z
  .object({
    query: z
      .union([z.string(), z.object({ text: z.string() })])
      .optional()
      .describe(`The question, 1–${maxQueryLength} characters (${maxQueryLength} is ${siteLimit}; NLWeb 0.54's \`{ "text": … }\` is taken too)`),
    prefer: z
      .object({ streaming: z.boolean().optional().describe('true: answer as server-sent events; default false') })
      .optional(),
    sandbox: z.boolean().optional().describe('true answers from the sandbox fixtures'),
  })
  .meta({ id: 'AskRequest' });

const askCompleteSchema = z
  .object({
    count: z.number().int().describe('Results sent'),
    elapsed_ms: z.number().int().describe('Milliseconds from the request to the last result'),
  })
  .meta({ id: 'AskComplete' });
export type AskComplete = z.infer<typeof askCompleteSchema>;

// --- batch and jobs -------------------------------------------------------

/** /docs/api/limits, "Sizes": a batch takes at most 20 operations. */
export const maxBatchOperations = 20;
/** /docs/api/limits, "Sizes": a job's 100 operations and 64 KiB are this site's choice, as is the batch body's 64 KiB. */
export const maxJobOperations = 100;
export const maxJobBodyBytes = 64 * 1024;
export const maxBatchBodyBytes = 64 * 1024;

export const jobStatusSchema = z.enum(['queued', 'done', 'failed']).meta({ id: 'JobStatus' });
