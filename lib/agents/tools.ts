import { operationSpan } from '@/lib/platform/telemetry';
import { z } from 'zod';
import { CoreError } from '@/lib/core/core-error';
import { defaultPageSize, maxPageSize } from '@/lib/core/cursor';
import type { ErrorCode } from '@/lib/core/error-codes';
import {
  namedOperations,
  operations,
  type DoorName,
  type OperationId,
  type OperationInput,
  type OperationSpec,
  type OperationTable,
} from '@/lib/core/operations';
import { err, type Result } from '@/lib/core/result';
import { appNameSchema, queryText } from '@/lib/core/schemas';
import { inputFailure, type InputErrors } from '@/lib/core/input-errors';
import type { ReadServices } from '@/lib/core/services';

/**
 * The tool table (/docs/agents, "MCP"): the MCP door
 * over the operation table (lib/core/operations.ts), one tool per operation
 * with an MCP name. The operation gives the tool its name, output schema,
 * failure codes and annotations; the door adds its own words where it has
 * them: a title and description, its argument names (zod), and how they map
 * onto the operation's input. An operation without words of the door's takes
 * the entry's title, description and arguments, `sandbox` added.
 * `tools/list` and `tools/call` (lib/agents/mcp-server.ts), the server card
 * and the manifests (lib/agents/mcp-documents.ts), the A2A skills and the
 * Agents docs page are generated from it. No schema is written twice: the
 * JSON Schemas every document shows come from `toolJsonSchemas`.
 */

/** What a tool call runs on: the request's services, live or sandbox as its `sandbox` argument asks. */
export interface ToolContext {
  services(sandbox: boolean): ReadServices;
  /** The door the tool is called through, for its operation's span: MCP, or A2A's skills. */
  door?: 'mcp' | 'a2a';
  /** Told of each documentation page (or `page#section`) a client reads as a resource (search insights). */
  read?(page: string): void;
}

/**
 * MCP tool annotations (MCP 2025-11-25, ToolAnnotations). Every tool here
 * reads: nothing changes, a repeat gives the same answer; `openWorldHint`
 * is true only where a live code-host lookup happens.
 */
interface ToolAnnotations {
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: true;
  openWorldHint: boolean;
}

/** Every tool input takes it (the same switch as `?sandbox=true` on /v1). */
const sandboxInput = z
  .boolean()
  .optional()
  .describe('true answers from the deterministic sandbox fixtures (no live lookup, no search index); default false');

/** The MCP door's own words for the tool of one operation. */
interface ToolWords<Op extends OperationId, I extends z.ZodObject> {
  title: string;
  description: string;
  /** The arguments, `sandbox` included. */
  input: I;
  /** The arguments as the operation's input. */
  toInput(args: z.output<I>): OperationInput<Op>;
  /** Arguments whose refusal has a code of its own, as on the REST door (lib/core/input-errors.ts). */
  inputErrors?: InputErrors;
}

type AnyToolWords = Omit<ToolWords<OperationId, z.ZodObject>, 'toInput'> & { toInput(args: Record<string, unknown>): unknown };

export interface ToolSpec<I extends z.ZodObject = z.ZodObject> {
  name: string;
  /** The id of its operation in the table it was made from. */
  operation: string;
  title: string;
  description: string;
  input: I;
  output: z.ZodObject;
  annotations: ToolAnnotations;
  /** The codes a call may fail with (the operation's), besides `invalid_parameter` and `internal_error`. */
  errors: readonly ErrorCode[];
  inputErrors?: InputErrors;
  toInput(args: z.output<I>): unknown;
  /** Runs its operation on the request's services. */
  run(input: unknown, services: ReadServices): ReturnType<OperationSpec['run']>;
}

/** Keeps each tool's own argument and input types while checking its words. */
const words = <Op extends OperationId, I extends z.ZodObject>(_operation: Op, toolWords: ToolWords<Op, I>) => toolWords as unknown as AnyToolWords;

/** The words of a tool whose operation has none of the door's: the entry's own, `sandbox` added. */
const entryWords = (spec: OperationSpec): AnyToolWords => ({
  title: spec.title,
  description: spec.description,
  input: spec.input.extend({ sandbox: sandboxInput }),
  toInput: ({ sandbox: _sandbox, ...args }) => args,
  inputErrors: spec.inputErrors,
});

/** The tool of one operation. */
function toolOf(id: string, spec: OperationSpec, own: AnyToolWords | undefined): ToolSpec {
  const { title, description, input, toInput, inputErrors } = own ?? entryWords(spec);
  return {
    name: spec.names.mcp!,
    operation: id,
    title,
    description,
    input,
    output: spec.output as unknown as z.ZodObject,
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: spec.live },
    errors: spec.errors,
    ...(inputErrors ? { inputErrors } : {}),
    toInput: toInput as (args: z.output<z.ZodObject>) => unknown,
    run: (operationInput, services) => spec.run(operationInput as never, services),
  };
}

/** The MCP door's words, by operation id. */
const toolWords: Partial<Record<string, AnyToolWords>> = {
  install: words('install', {
    title: 'Install command',
    description:
      'The line that installs a desktop of the layer, with its author, blurb and the rooms it turns on (null where the catalog does not state them). Name a desktop (`hacker`, `everyday`, `minimal`, or any desktop of the gallery) for its row, `layer` for the plain installer that asks which desktop to build (`pins: null`), or omit `desktop` for the whole gallery, the layer installer first.',
    input: z.object({
      desktop: z.string().optional().describe('A desktop name, e.g. `hacker`, or `layer` for the plain installer; omit it for the whole gallery'),
      sandbox: sandboxInput,
    }),
    toInput: ({ desktop }) => ({ desktop }),
  }),
  release: words('release', {
    title: 'Latest release',
    description:
      'The latest signed, notarized macOS release of an app: tag, asset file name, size, download URL and publication date. The same document as GET /v1/releases/{app}, looked up live on the code host (cached five minutes).',
    input: z.object({
      app: appNameSchema.describe('`pounce` or `perch`'),
      sandbox: sandboxInput,
    }),
    toInput: ({ app }) => ({ app }),
    inputErrors: { app: 'unknown_app' },
  }),
  search: words('search', {
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
    toInput: ({ query, limit, cursor }) => ({ q: query, limit, cursor }),
    inputErrors: { query: 'missing_query', cursor: 'invalid_cursor' },
  }),
};

/**
 * The tools of a table (the site's, unless a test hands a copy), in name
 * order: the order of `tools/list`, where the first tool takes no required
 * argument (a client probing the server can call it bare).
 */
export function toolTable(table: OperationTable = operations, own: Partial<Record<string, AnyToolWords>> = toolWords): ToolSpec[] {
  return namedOperations(table, 'mcp')
    .map(({ id, spec }) => toolOf(id, spec, own[id]))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The site's tools. */
export const tools: readonly ToolSpec[] = toolTable();

export type ToolName = DoorName<'mcp'>;
export const toolNames = tools.map((entry) => entry.name) as ToolName[];

export function findTool(name: string, table: readonly ToolSpec[] = tools): ToolSpec | undefined {
  return table.find((entry) => entry.name === name);
}

/** `['limit']` → `limit`; `[]` → `arguments`. */
const fieldOf = (issue: z.core.$ZodIssue) => (issue.path.length > 0 ? issue.path.map(String).join('.') : 'arguments');

/**
 * Validates a call's arguments against the tool's input schema. A failure
 * is a CoreError with the code the REST door gives the same mistake
 * (`invalid_parameter` unless the tool names another), never a protocol
 * error: MCP reports input errors as tool results (MCP 2025-11-25,
 * "Error Handling", SEP-1303).
 */
export function parseToolInput<I extends z.ZodObject>(spec: ToolSpec<I>, args: unknown): Result<z.output<I>, CoreError> {
  const parsed = spec.input.safeParse(args ?? {});
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = fieldOf(issue);
  const name = String(issue.path[0] ?? '');
  const value = issue.path.length > 0 ? (args as Record<string, unknown> | undefined)?.[name] : args;
  return err(
    inputFailure(spec.inputErrors?.[name], field, value, (code) =>
      new CoreError(code, `The argument \`${field}\` is not valid: ${issue.message}. The tool's inputSchema (tools/list) says what it takes.`),
    ),
  );
}

/**
 * Runs a tool: validates the arguments, resolves the services its
 * `sandbox` argument asks for, and runs its operation. Every expected
 * failure is a CoreError value (the same codes as the REST problems:
 * /docs/agents/mcp, "Tools"); each door renders it its own way.
 */
export async function runTool(spec: ToolSpec, args: unknown, context: ToolContext): Promise<Result<object, CoreError>> {
  const input = parseToolInput(spec, args);
  if (!input.ok) return input;
  const services = context.services((input.value as { sandbox?: boolean }).sandbox === true);
  return (await operationSpan(context.door ?? 'mcp', spec.operation, () => spec.run(spec.toInput(input.value), services))) as Result<object, CoreError>;
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
type ObjectJsonSchema = JsonSchema & { type: 'object' };

function objectSchema(tool: ToolSpec, schema: JsonSchema): ObjectJsonSchema {
  if (schema.type !== 'object') throw new Error(`tool ${tool.name}: its schemas must describe objects`);
  return schema as ObjectJsonSchema;
}

/**
 * What `structuredContent` holds when a call fails (/docs/agents/mcp,
 * "Tools"): `{ error: { code, message } }`, with the codes the
 * tool fails with.
 */
/** A tool failure as every agent door returns it: the REST problem's code, and its detail as the message. */
export function toolFailureBody(error: CoreError): { error: { code: ErrorCode; message: string } } {
  return { error: { code: error.code, message: error.detail } };
}

function toolErrorSchema(tool: ToolSpec) {
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

const jsonSchemaCache = new WeakMap<ToolSpec, ToolJsonSchemas>();

/**
 * A tool's input and output JSON Schemas (JSON Schema 2020-12, the MCP
 * 2025-11-25 default): what `tools/list`, the server card and the docs
 * show, computed once per tool.
 */
export function toolJsonSchemas(tool: ToolSpec): ToolJsonSchemas {
  let schemas = jsonSchemaCache.get(tool);
  if (!schemas) {
    const resultSchema = objectSchema(tool, jsonSchemaOf(tool.output, 'output'));
    const failure = objectSchema(tool, jsonSchemaOf(toolErrorSchema(tool), 'output'));
    schemas = {
      inputSchema: objectSchema(tool, jsonSchemaOf(tool.input, 'input')),
      // MCP wants an object at the root of outputSchema; each branch is one.
      outputSchema: { type: 'object', anyOf: [resultSchema, failure] },
      resultSchema,
    };
    jsonSchemaCache.set(tool, schemas);
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
