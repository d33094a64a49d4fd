import { z } from 'zod';
import { defaultPageSize, maxPageSize } from '@/lib/core/cursor';
import { installAnswer } from '@/lib/core/installs';
import { unknownAppError, type ReleaseService } from '@/lib/core/releases';
import { err, type Result } from '@/lib/core/result';
import type { Sandbox } from '@/lib/core/sandbox';
import { appNameSchema, installAnswerSchema, maxQueryLength, queryText, releaseSchema, searchResponseSchema } from '@/lib/core/schemas';
import type { DocsSearch } from '@/lib/core/search';
import { ApiError } from '@/lib/http/problem';
import type { ProblemCode } from '@/lib/http/problem-codes';

/**
 * The tool table (spec "Agent endpoints", the MCP tool table): every tool
 * once, with its name, title, description, zod input and output schemas,
 * annotations and the core operation it runs. `tools/list` and `tools/call`
 * (lib/agents/mcp-server.ts), the server card and the manifests
 * (lib/agents/mcp-documents.ts) and the Agents docs page are generated from
 * it; later doors (A2A, the skills index) read it too. No schema is written
 * twice: the JSON Schemas every document shows come from `toolJsonSchemas`.
 *
 * The table is data plus handlers over an injected `ToolContext`, so it
 * depends on no runtime: the composition root builds the context.
 */

/** What the tools read: the same core services /v1 uses, and the public origin of install lines. */
export interface ToolContext {
  search: DocsSearch;
  releases: Pick<ReleaseService, 'latestRelease'>;
  /** The deterministic fixtures of `?sandbox=true` (spec "Versioned REST", Sandbox). */
  sandbox: Sandbox;
  origin: string;
}

/**
 * MCP tool annotations (MCP 2025-11-25, ToolAnnotations). Every tool here
 * reads: nothing changes, a repeat gives the same answer; `openWorldHint`
 * is true only where a live code-host lookup happens.
 */
export interface ToolAnnotations {
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  openWorldHint: boolean;
}

const reads = (openWorldHint: boolean): ToolAnnotations => ({
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint,
});

export interface ToolSpec<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /**
   * The codes a call may fail with (spec "Errors"), besides
   * `invalid_parameter` (an argument its schema refuses) and
   * `internal_error`; listed in the description agents read.
   */
  errors: readonly ProblemCode[];
  /**
   * An input field whose validation failure is a domain error rather than
   * `invalid_parameter`, with the same code the REST door answers (an app
   * outside the enum is `unknown_app`, as on /v1/releases/{app}).
   */
  inputErrors?: Partial<Record<string, (value: unknown, issue: z.core.$ZodIssue) => ApiError | ProblemCode>>;
  run(input: z.output<I>, context: ToolContext): Promise<Result<z.output<O>, ApiError>>;
}

/** Every tool input takes it (the same switch as `?sandbox=true` on /v1). */
const sandboxInput = z
  .boolean()
  .optional()
  .describe('true answers from the deterministic sandbox fixtures (no live lookup, no search index); default false');

const getInstallCommand: ToolSpec<
  z.ZodObject<{ desktop: z.ZodOptional<z.ZodString>; sandbox: typeof sandboxInput }>,
  typeof installAnswerSchema
> = {
  name: 'get_install_command',
  title: 'Install command',
  description:
    'The line that installs a desktop of the layer, with its author, blurb and the rooms it turns on (null where the catalog does not state them). Name a desktop (`hacker`, `everyday`, `minimal`, or any desktop of the gallery) for its row, `layer` for the plain installer that asks which desktop to build (`pins: null`), or omit `desktop` for the whole gallery, the layer installer first.',
  input: z.object({
    desktop: z.string().optional().describe('A desktop name, e.g. `hacker`, or `layer` for the plain installer; omit it for the whole gallery'),
    sandbox: sandboxInput,
  }),
  output: installAnswerSchema,
  annotations: reads(false),
  errors: ['unknown_desktop'],
  async run({ desktop, sandbox }, context) {
    return sandbox ? context.sandbox.installAnswer(desktop, context.origin) : installAnswer(desktop, context.origin);
  },
};

const getLatestRelease: ToolSpec<
  z.ZodObject<{ app: typeof appNameSchema; sandbox: typeof sandboxInput }>,
  typeof releaseSchema
> = {
  name: 'get_latest_release',
  title: 'Latest release',
  description:
    'The latest signed, notarized macOS release of an app: tag, asset file name, size, download URL and publication date. The same document as GET /v1/releases/{app}, looked up live on the code host (cached five minutes).',
  input: z.object({
    app: appNameSchema.describe('`pounce` or `perch`'),
    sandbox: sandboxInput,
  }),
  output: releaseSchema,
  annotations: reads(true),
  errors: ['unknown_app', 'no_release', 'upstream_unavailable'],
  inputErrors: { app: (value) => unknownAppError(typeof value === 'string' ? value : JSON.stringify(value) ?? 'undefined') },
  async run({ app, sandbox }, context) {
    return sandbox ? context.sandbox.release(app) : context.releases.latestRelease(app);
  },
};

const searchDocs: ToolSpec<
  z.ZodObject<{
    query: z.ZodString;
    limit: z.ZodOptional<z.ZodNumber>;
    cursor: z.ZodOptional<z.ZodString>;
    sandbox: typeof sandboxInput;
  }>,
  typeof searchResponseSchema
> = {
  name: 'search_docs',
  title: 'Search the documentation',
  description:
    'Full-text search over the layer documentation: page URLs (site-relative, with the section anchor), breadcrumbs, excerpts and scores, best first, from the same index and scorer as GET /v1/search. Page with `next_cursor`; `total` counts every hit.',
  input: z.object({
    query: queryText('What to search for'),
    // No zod default: a call with only a `cursor` keeps the page size of the walk (as /v1/search).
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxPageSize)
      .optional()
      .describe(`Hits per page, 1–${maxPageSize}; default ${defaultPageSize}, or the page size of the walk the \`cursor\` continues`)
      .meta({ default: defaultPageSize }),
    cursor: z.string().optional().describe('`next_cursor` of the previous page; omit for the first page'),
    sandbox: sandboxInput,
  }),
  output: searchResponseSchema,
  annotations: reads(false),
  errors: ['missing_query', 'invalid_cursor', 'index_unavailable'],
  inputErrors: {
    // As on /v1/search: an absent or empty query is `missing_query`, a query too long an invalid parameter.
    query: (_value, issue) => (issue.code === 'too_big' ? 'invalid_parameter' : 'missing_query'),
    cursor: () => 'invalid_cursor',
  },
  async run({ query, limit, cursor, sandbox }, context) {
    const input = { q: query, limit, cursor };
    return sandbox ? context.sandbox.search(input) : context.search.search(input);
  },
};

/**
 * The table. Its order is the order of `tools/list`; the first tool takes
 * no required argument (a client probing the server can call it bare).
 */
export const tools = [getInstallCommand, getLatestRelease, searchDocs] as const;

export type ToolName = (typeof tools)[number]['name'];
export const toolNames = tools.map((tool) => tool.name) as ToolName[];

export function findTool(name: string): ToolSpec | undefined {
  return (tools as readonly ToolSpec[]).find((tool) => tool.name === name);
}

/** `['limit']` → `limit`; `[]` → `arguments`. */
const fieldOf = (issue: z.core.$ZodIssue) => (issue.path.length > 0 ? issue.path.map(String).join('.') : 'arguments');

/**
 * Validates a call's arguments against the tool's input schema. A failure
 * is an ApiError with the code the REST door gives the same mistake
 * (`invalid_parameter` unless the tool names another), never a protocol
 * error: MCP reports input errors as tool results (MCP 2025-11-25,
 * "Error Handling", SEP-1303).
 */
export function parseToolInput<I extends z.ZodObject>(tool: ToolSpec<I>, args: unknown): Result<z.output<I>, ApiError> {
  const parsed = tool.input.safeParse(args ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = fieldOf(issue);
  const custom = tool.inputErrors?.[String(issue.path[0] ?? '')]?.(
    issue.path.length > 0 ? (args as Record<string, unknown> | undefined)?.[String(issue.path[0])] : args,
    issue,
  );
  if (ApiError.is(custom)) return err(custom);
  if (custom === 'missing_query') return err(new ApiError(custom, `Pass what to search for in \`${field}\` (1–${maxQueryLength} characters).`));
  return err(new ApiError(custom ?? 'invalid_parameter', `The argument \`${field}\` is not valid: ${issue.message}. The tool's inputSchema (tools/list) says what it takes.`));
}

/**
 * Runs a tool by name: validates the arguments, then calls the core
 * operation. Every expected failure is an ApiError value (spec "Errors":
 * the same codes as the REST problems); each door renders it its own way.
 */
export async function runTool(tool: ToolSpec, args: unknown, context: ToolContext): Promise<Result<object, ApiError>> {
  const input = parseToolInput(tool, args);
  if (!input.ok) return input;
  return tool.run(input.value, context);
}

// ---------------------------------------------------------------- JSON Schema

type JsonSchema = Record<string, unknown>;

/**
 * Named schemas (`.meta({ id })`, e.g. `Release`) come out of
 * `z.toJSONSchema` as `$ref`s into `$defs`. A tool's schemas are shown
 * whole instead: some MCP clients do not resolve references, and the server
 * card shows each tool on its own. The dialect is MCP's default (2020-12),
 * so `$schema` is left out.
 */
function inlineReferences(schema: JsonSchema): JsonSchema {
  const { $defs = {}, $schema: _dialect, ...root } = schema as JsonSchema & { $defs?: Record<string, JsonSchema> };
  const resolve = (node: unknown, seen: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((entry) => resolve(entry, seen));
    if (typeof node !== 'object' || node === null) return node;
    const record = node as JsonSchema;
    // zod's `.int()` bounds (±2^53 − 1) say nothing to a reader.
    if (record.minimum === Number.MIN_SAFE_INTEGER || record.maximum === Number.MAX_SAFE_INTEGER) {
      const { minimum, maximum, ...rest } = record;
      return resolve({
        ...rest,
        ...(minimum !== Number.MIN_SAFE_INTEGER && minimum !== undefined ? { minimum } : {}),
        ...(maximum !== Number.MAX_SAFE_INTEGER && maximum !== undefined ? { maximum } : {}),
      }, seen);
    }
    if (typeof record.$ref === 'string' && record.$ref.startsWith('#/$defs/')) {
      const name = record.$ref.slice('#/$defs/'.length);
      if (seen.includes(name)) throw new Error(`tool schema ${name} refers to itself; it cannot be shown inline`);
      const { $ref: _ref, ...siblings } = record;
      return { ...(resolve($defs[name], [...seen, name]) as JsonSchema), ...(resolve(siblings, seen) as JsonSchema) };
    }
    return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, resolve(value, seen)]));
  };
  return resolve(root, []) as JsonSchema;
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return inlineReferences(z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema);
}

/** MCP wants both schemas to describe objects (MCP 2025-11-25, `Tool.inputSchema` / `outputSchema`). */
export type ObjectJsonSchema = JsonSchema & { type: 'object' };

function objectSchema(tool: ToolSpec, schema: JsonSchema): ObjectJsonSchema {
  if (schema.type !== 'object') throw new Error(`tool ${tool.name}: its schemas must describe objects`);
  return schema as ObjectJsonSchema;
}

/**
 * What `structuredContent` holds when a call fails (spec "Other shapes",
 * MCP tool error result): `{ error: { code, message } }`, with the codes the
 * tool fails with.
 */
/** A tool failure as every agent door returns it: the REST problem's code, and its detail as the message. */
export function toolFailureBody(error: ApiError): { error: { code: ProblemCode; message: string } } {
  return { error: { code: error.code, message: error.detail } };
}

export function toolErrorSchema(tool: ToolSpec) {
  return z
    .object({
      error: z.object({
        code: z.enum([...tool.errors, 'invalid_parameter', 'internal_error']).describe('The problem code, the same as the REST API\'s (see /problems/{code})'),
        message: z.string().describe('What went wrong, for a person'),
      }),
    })
    .describe('A failure: the result has isError set');
}

export interface ToolJsonSchemas {
  inputSchema: ObjectJsonSchema;
  /**
   * Either outcome: the answer, or the failure. MCP clients check
   * `structuredContent` against it whether or not `isError` is set (the
   * SDK's `Client.callTool` does), and a failure carries structuredContent.
   */
  outputSchema: ObjectJsonSchema;
  /** The answer alone: what a success's structuredContent holds. */
  resultSchema: ObjectJsonSchema;
}

const jsonSchemaCache = new Map<string, ToolJsonSchemas>();

/**
 * A tool's input and output JSON Schemas (JSON Schema 2020-12, the MCP
 * 2025-11-25 default): what `tools/list`, the server card and the docs
 * show, computed once per tool.
 */
export function toolJsonSchemas(tool: ToolSpec): ToolJsonSchemas {
  let schemas = jsonSchemaCache.get(tool.name);
  if (!schemas) {
    const resultSchema = objectSchema(tool, jsonSchemaOf(tool.output, 'output'));
    const failure = objectSchema(tool, jsonSchemaOf(toolErrorSchema(tool), 'output'));
    schemas = {
      inputSchema: objectSchema(tool, jsonSchemaOf(tool.input, 'input')),
      // MCP wants an object at the root of outputSchema; each branch is one.
      outputSchema: { type: 'object', anyOf: [resultSchema, failure] },
      resultSchema,
    };
    jsonSchemaCache.set(tool.name, schemas);
  }
  return schemas;
}

/** The description agents read: what the tool does, then how it fails. */
export function toolDescriptionText(tool: ToolSpec): string {
  const codes = tool.errors.map((code) => `\`${code}\``).join(', ');
  return `${tool.description} On failure the result has isError set and structuredContent { error: { code, message } }; codes: ${codes}, and \`invalid_parameter\` for an argument outside its schema.`;
}

/** A tool as `tools/list` and the server card describe it (MCP `Tool`). */
export function toolDescription(tool: ToolSpec) {
  return {
    name: tool.name,
    title: tool.title,
    description: toolDescriptionText(tool),
    inputSchema: toolJsonSchemas(tool).inputSchema,
    outputSchema: toolJsonSchemas(tool).outputSchema,
    annotations: { title: tool.title, ...tool.annotations },
  };
}
