import { z } from 'zod';
import type { CoreError } from './core-error';
import type { ErrorCode } from './error-codes';
import type { Result } from './result';
import {
  appPageSchema,
  desktopPageSchema,
  installAnswerSchema,
  optionPageSchema,
  releaseSchema,
  roomPageSchema,
  searchResponseSchema,
} from './schemas';
import type { ReadServices } from './services';

/**
 * The operation table: every read the service offers (spec "What the
 * service does": search the docs, the latest release of an app, the install
 * line of a desktop, and the lists), once. Each entry has its name on each
 * door, its input and output schemas, the codes it fails with, and `run`
 * over the request's services (live or sandbox, lib/core/services.ts).
 *
 * The doors are maps over it: the /v1 handlers (by `rest` row id), the MCP
 * tools (`mcp`, lib/agents/tools.ts adds each tool's own argument names and
 * prose), the A2A skills (`a2a`), the batch and job kinds (`batch`), and
 * /ask (the search). Adding an operation is one entry here plus its core
 * function; a door shows it once its name for that door is set.
 */

const pageInput = {
  limit: z.number().int().nullish(),
  cursor: z.string().nullish(),
};
const pageInputSchema = z.object(pageInput);

export interface OperationNames {
  /** Ids of the endpoint rows that answer it (lib/endpoints). */
  rest?: readonly string[];
  /** The MCP tool (spec "Agent endpoints", MCP tools). */
  mcp?: string;
  /** The A2A skill of the agent card. */
  a2a?: string;
  /** The operation kind of POST /v1/batch and /v1/jobs. */
  batch?: string;
}

export interface OperationSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  names: OperationNames;
  /** What `run` takes (each door maps its own argument names onto it). */
  input: I;
  output: O;
  /** The codes it may fail with, besides `invalid_parameter` and `internal_error`. */
  errors: readonly ErrorCode[];
  /** Whether it may look something up live on the code host (MCP's `openWorldHint`). */
  live: boolean;
  run(input: z.output<I>, services: ReadServices): Promise<Result<z.output<O>, CoreError>> | Result<z.output<O>, CoreError>;
}

/** Keeps each entry's own input and output types while checking its shape. */
const operation = <I extends z.ZodType, O extends z.ZodType, const N extends OperationNames>(spec: OperationSpec<I, O> & { names: N }) => spec;

/** A paged list of the catalog (spec "Other shapes": the desktop, room and app lists), answered at one /v1 row. */
const listOperation = <const Row extends string, O extends z.ZodType>(
  row: Row,
  output: O,
  read: (services: ReadServices, page: z.output<typeof pageInputSchema>) => Result<z.output<O>, CoreError>,
) =>
  operation({
    names: { rest: [row] },
    input: pageInputSchema,
    output,
    errors: ['invalid_cursor'],
    live: false,
    run: (page, services) => read(services, page),
  });

export const operations = {
  search: operation({
    names: { rest: ['searchDocs'], mcp: 'search_docs', a2a: 'search-docs', batch: 'search' },
    input: z.object({ q: z.string().nullish(), ...pageInput }),
    output: searchResponseSchema,
    errors: ['missing_query', 'invalid_cursor', 'index_unavailable'],
    live: false,
    run: (input, services) => services.search(input),
  }),
  release: operation({
    names: { rest: ['getRelease', 'getReleaseAlias'], mcp: 'get_latest_release', a2a: 'latest-release', batch: 'release' },
    input: z.object({ app: z.string() }),
    output: releaseSchema,
    errors: ['unknown_app', 'no_release', 'upstream_unavailable'],
    live: true,
    run: ({ app }, services) => services.latestRelease(app),
  }),
  install: operation({
    names: { mcp: 'get_install_command', a2a: 'install-command', batch: 'install' },
    input: z.object({ desktop: z.string().optional() }),
    output: installAnswerSchema,
    errors: ['unknown_desktop'],
    live: false,
    run: ({ desktop }, services) => services.install(desktop),
  }),
  desktops: listOperation('listDesktops', desktopPageSchema, (services, page) => services.desktops(page)),
  rooms: listOperation('listRooms', roomPageSchema, (services, page) => services.rooms(page)),
  apps: listOperation('listApps', appPageSchema, (services, page) => services.apps(page)),
  options: operation({
    names: { rest: ['listOptions'] },
    input: z.object({
      room: z.string().optional(),
      q: z.string().optional(),
      hostOnly: z.boolean().optional(),
      desktopSafe: z.enum(['true', 'false', 'per_key']).optional(),
      ...pageInput,
    }),
    output: optionPageSchema,
    errors: ['invalid_cursor'],
    live: false,
    run: ({ limit, cursor, ...filters }, services) => services.options(filters as Parameters<ReadServices['options']>[0], { limit, cursor }),
  }),
} as const;

export type OperationId = keyof typeof operations;
export type OperationInput<Id extends OperationId> = z.output<(typeof operations)[Id]['input']>;
export type OperationOutput<Id extends OperationId> = z.output<(typeof operations)[Id]['output']>;

export const operationIds = Object.keys(operations) as OperationId[];

/** An operation's name on one door, as a type: `DoorName<'mcp'>` is every MCP tool name. */
export type DoorName<EndpointHandler extends keyof OperationNames> = {
  [Id in OperationId]: (typeof operations)[Id]['names'] extends { readonly [K in EndpointHandler]: infer Name } ? Name : never;
}[OperationId];

/** Runs an operation on the request's services. */
export async function runOperation<Id extends OperationId>(
  id: Id,
  input: OperationInput<Id>,
  services: ReadServices,
): Promise<Result<OperationOutput<Id>, CoreError>> {
  const spec = operations[id] as unknown as OperationSpec<z.ZodType<OperationInput<Id>>, z.ZodType<OperationOutput<Id>>>;
  return spec.run(input, services);
}

/** The operation a door knows by its own name (`door` names which of `OperationNames`). */
export function operationNamed(door: Exclude<keyof OperationNames, 'rest'>, name: string): OperationId | undefined {
  return operationIds.find((id) => (operations[id].names as OperationNames)[door] === name);
}
