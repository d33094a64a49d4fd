import { z } from 'zod';
import type { CoreError } from './core-error';
import { defaultPageSize, maxPageSize } from './cursor';
import type { ErrorCode } from './error-codes';
import type { InputErrors } from './input-errors';
import type { Result } from './result';
import {
  appPageSchema,
  desktopPageSchema,
  installAnswerSchema,
  optionPageSchema,
  queryText,
  releaseSchema,
  roomPageSchema,
  searchResponseSchema,
} from './schemas';
import type { ReadServices } from './services';

/**
 * The operation table: every read the service offers (/docs/api, "Endpoints";
 * /docs/agents, "MCP": search the docs, the latest release of an app, the
 * install line of a desktop, and the lists), once. Each entry has its name on
 * each door, what it answers in a few words, its arguments, output schema and
 * failure codes, an example that answers from the sandbox, and `run` over the
 * request's services (live or sandbox, lib/core/services.ts).
 *
 * The doors are maps over a table (this one, or a copy a test hands them):
 * the /v1 rows (by `rest` row id, lib/endpoints/handlers/v1-handlers.ts), the MCP
 * tools (`mcp`, lib/agents/tools.ts), the A2A skills (`a2a`,
 * lib/agents/a2a-skills.ts), the batch and job kinds (`batch`,
 * lib/core/batch-schemas.ts), and /ask (the search). A door shows an
 * operation once its name for that door is set: with the entry's title,
 * description and arguments, unless the door has words of its own for it.
 */

const pageInput = {
  limit: z.number().int().nullish(),
  cursor: z.string().nullish(),
};
const pageInputSchema = z.object(pageInput);

export interface OperationNames {
  /** Ids of the endpoint rows that answer it (lib/endpoints/contract.ts). */
  rest?: readonly string[];
  /** The MCP tool (/docs/agents/mcp, "Tools"). */
  mcp?: string;
  /** The A2A skill of the agent card; the skill runs the MCP tool, so an `a2a` name needs an `mcp` one. */
  a2a?: string;
  /** The operation kind of POST /v1/batch and /v1/jobs. */
  batch?: string;
}

export interface OperationSpec<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  names: OperationNames;
  /** What it answers, in a few words: the title a door shows unless it has its own. */
  title: string;
  /** What it answers, for a reader: what a door shows unless it says more of its own. */
  description: string;
  /**
   * What `run` takes: its arguments, named and described as a door takes
   * them unless the door names its own (a batch entry's fields are these,
   * beside its `kind`).
   */
  input: I;
  /** Arguments whose refusal has a code of its own, rather than `invalid_parameter` (lib/core/input-errors.ts). */
  inputErrors?: InputErrors;
  /** Arguments that answer from the sandbox: the example a door shows, and the real-server walk asks, unless it has its own. */
  example: z.input<I>;
  output: O;
  /** The codes it may fail with, besides `invalid_parameter` and `internal_error`. */
  errors: readonly ErrorCode[];
  /** Whether it may look something up live on the code host (MCP's `openWorldHint`). */
  live: boolean;
  run(input: z.output<I>, services: ReadServices): Promise<Result<z.output<O>, CoreError>> | Result<z.output<O>, CoreError>;
}

/** A table of operations by id: the site's (`operations`), or a copy with more. */
export type OperationTable = Readonly<Record<string, OperationSpec>>;

/** Keeps each entry's own input and output types while checking its shape. */
export const operation = <I extends z.ZodObject, O extends z.ZodType, const N extends OperationNames>(spec: OperationSpec<I, O> & { names: N }) =>
  spec;

/** A paged list of the catalog (/docs/api/catalog: the desktop, room and app lists), answered at one /v1 row. */
const listOperation = <const Row extends string, O extends z.ZodType>(
  row: Row,
  what: string,
  output: O,
  read: (services: ReadServices, page: z.output<typeof pageInputSchema>) => Result<z.output<O>, CoreError>,
) =>
  operation({
    names: { rest: [row] },
    title: `The ${what}`,
    description: `A page of the ${what} of the catalog; walk pages with \`next_cursor\`.`,
    input: pageInputSchema,
    example: { limit: 2 },
    output,
    errors: ['invalid_cursor'],
    live: false,
    run: (page, services) => read(services, page),
  });

export const operations = {
  search: operation({
    names: { rest: ['searchDocs'], mcp: 'search_docs', a2a: 'search-docs', batch: 'search' },
    title: 'Search the documentation',
    description: 'The documentation sections that match a query, best first, with their URLs, breadcrumbs, excerpts and scores.',
    input: z.object({
      q: queryText('The search query'),
      limit: z.number().int().min(1).max(maxPageSize).optional().describe(`Page size, 1–${maxPageSize}, default ${defaultPageSize}`),
      cursor: z.string().optional().describe('`next_cursor` of a previous page'),
    }),
    inputErrors: { q: 'missing_query', cursor: 'invalid_cursor' },
    example: { q: 'glow', limit: 1 },
    output: searchResponseSchema,
    errors: ['missing_query', 'invalid_cursor', 'index_unavailable'],
    live: false,
    run: (input, services) => services.search(input),
  }),
  release: operation({
    names: { rest: ['getRelease', 'getReleaseAlias'], mcp: 'get_latest_release', a2a: 'latest-release', batch: 'release' },
    title: 'Latest release',
    description: 'The latest signed macOS release of an app: tag, asset, size, download URL and publication date.',
    input: z.object({ app: z.string().describe('`pounce` or `perch`') }),
    example: { app: 'pounce' },
    output: releaseSchema,
    errors: ['unknown_app', 'no_release', 'upstream_unavailable'],
    live: true,
    run: ({ app }, services) => services.latestRelease(app),
  }),
  install: operation({
    names: { mcp: 'get_install_command', a2a: 'install-command', batch: 'install' },
    title: 'Install command',
    description: 'The line that installs a desktop of the gallery, or every desktop\'s line.',
    input: z.object({
      desktop: z.string().optional().describe('A desktop name, or `layer` for the plain installer; omit for the whole gallery'),
    }),
    example: { desktop: 'hacker' },
    output: installAnswerSchema,
    errors: ['unknown_desktop'],
    live: false,
    run: ({ desktop }, services) => services.install(desktop),
  }),
  desktops: listOperation('listDesktops', 'desktops', desktopPageSchema, (services, page) => services.desktops(page)),
  rooms: listOperation('listRooms', 'rooms', roomPageSchema, (services, page) => services.rooms(page)),
  apps: listOperation('listApps', 'apps', appPageSchema, (services, page) => services.apps(page)),
  options: operation({
    names: { rest: ['listOptions'] },
    title: 'The options of the reference',
    description: 'The options of the reference with their type, default, rules and marks, filtered by room, words and marks.',
    input: z.object({
      room: z.string().optional(),
      q: z.string().optional(),
      hostOnly: z.boolean().optional(),
      desktopSafe: z.enum(['true', 'false', 'per_key']).optional(),
      ...pageInput,
    }),
    example: { room: 'windows', q: 'accordion' },
    output: optionPageSchema,
    errors: ['invalid_cursor'],
    live: false,
    run: ({ limit, cursor, ...filters }, services) => services.options(filters as Parameters<ReadServices['options']>[0], { limit, cursor }),
  }),
} as const satisfies OperationTable;

export type OperationId = keyof typeof operations;
export type OperationInput<Id extends OperationId> = z.output<(typeof operations)[Id]['input']>;
export type OperationOutput<Id extends OperationId> = z.output<(typeof operations)[Id]['output']>;

export const operationIds = Object.keys(operations) as OperationId[];

/** The ids of the endpoint rows the site's operations name (`names.rest`). */
export type RestRowId = {
  [Id in OperationId]: (typeof operations)[Id]['names'] extends { readonly rest: readonly (infer Row)[] } ? Row : never;
}[OperationId];

/** An operation's name on one door, as a type: `DoorName<'mcp'>` is every MCP tool name. */
export type DoorName<Door extends keyof OperationNames> = {
  [Id in OperationId]: (typeof operations)[Id]['names'] extends { readonly [K in Door]: infer Name } ? Name : never;
}[OperationId];

/** Runs an operation of the site's table on the request's services. */
export async function runOperation<Id extends OperationId>(
  id: Id,
  input: OperationInput<Id>,
  services: ReadServices,
): Promise<Result<OperationOutput<Id>, CoreError>> {
  const spec = operations[id] as unknown as OperationSpec<z.ZodObject, z.ZodType<OperationOutput<Id>>>;
  return spec.run(input, services);
}

/** The operations of `table` a door names, in the table's order, each with its id and its name on that door. */
export function namedOperations(table: OperationTable, door: keyof OperationNames): { id: string; spec: OperationSpec }[] {
  return Object.entries(table)
    .filter(([, spec]) => spec.names[door] !== undefined)
    .map(([id, spec]) => ({ id, spec }));
}

/** The operation a door knows by its own name (`door` names which of `OperationNames`). */
export function operationNamed(door: Exclude<keyof OperationNames, 'rest'>, name: string, table: OperationTable = operations): string | undefined {
  return Object.keys(table).find((id) => table[id]!.names[door] === name);
}
