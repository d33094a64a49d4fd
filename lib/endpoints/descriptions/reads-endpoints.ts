import { z } from 'zod';
import type { OperationSpec, OperationTable } from '@/lib/core/operations';
import { problemStatus, type ErrorCode } from '@/lib/http/problem-codes';
import type { RouteRow } from '../contract';
import type { EndpointDescription, EndpointTag, HeaderSpec } from '../endpoint';
import { decimalInteger, sandboxParam } from '../params';
import { json } from './shared';

/**
 * The REST door over the operation table (lib/core/operations.ts): the
 * description of each row an operation names (`names.rest`). The operation
 * gives the row its 200 answer (its output) and its failure codes; the door
 * adds its own words where it has them (lib/endpoints/descriptions/v1-endpoints.ts):
 * the tag, summary and prose, its parameters' names and schemas, the 200's
 * text and headers, and the codes its own parameters fail with. A row with
 * no words of the door's is described from the entry: its title and
 * description, its arguments as parameters (those in the path as path
 * parameters, the others in the query, `sandbox` added), under the tag of
 * the row before it in the contract.
 */

/** The REST door's own words for the row of an operation. */
export interface ReadRowWords {
  tag: EndpointTag;
  summary: string;
  description: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  inputProblems?: Partial<Record<string, ErrorCode>>;
  /** What the 200 answer is, and the headers it carries. */
  answer: string;
  answerHeaders?: Record<string, HeaderSpec>;
  /** Codes its own parameters fail with, besides the operation's (`rate_limited` comes from the contract's flag). */
  errors?: readonly ErrorCode[];
}

/** The description a row's words make, joined with its operation: the words, the 200 and every code. */
export type ReadRowDescription<W extends ReadRowWords> = Omit<W, 'answer' | 'answerHeaders' | 'errors'> & Pick<EndpointDescription, 'responses' | 'errors'>;

/** The codes in the order of their status (the order the docs and OpenAPI list them), each once. */
const byStatus = (codes: readonly ErrorCode[]) =>
  [...new Set(codes)]
    .map((code, position) => ({ code, position }))
    .sort((a, b) => problemStatus[a.code] - problemStatus[b.code] || a.position - b.position)
    .map(({ code }) => code);

/** One row's description from its words and its operation. */
function readRow<W extends ReadRowWords>(spec: OperationSpec, row: Pick<RouteRow, 'rateLimited'>, words: W): ReadRowDescription<W> {
  const { answer, answerHeaders, errors = [], ...own } = words;
  return {
    ...own,
    responses: { 200: json(answer, spec.output, answerHeaders) },
    errors: byStatus([...spec.errors, ...errors, ...(row.rateLimited ? (['rate_limited'] as const) : [])]),
  };
}

/** One argument as a parameter: text as it comes, a whole number in decimal digits, a boolean as `true` or `false`. */
function parameterOf(argument: z.ZodType): z.ZodType {
  const optional = argument instanceof z.ZodOptional;
  const inner = (optional ? (argument as z.ZodOptional).unwrap() : argument) as z.ZodType;
  let parameter: z.ZodType = inner;
  if (inner instanceof z.ZodNumber) parameter = decimalInteger(inner.minValue ?? 0, inner.maxValue ?? Number.MAX_SAFE_INTEGER);
  else if (inner instanceof z.ZodBoolean) parameter = z.enum(['true', 'false']).transform((value) => value === 'true');
  if (optional) parameter = parameter.optional();
  return argument.description ? parameter.describe(argument.description) : parameter;
}

/** The words of a row whose operation has none of the door's: the entry's. */
function entryWords(spec: OperationSpec, path: string, tag: EndpointTag): ReadRowWords {
  const inPath = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
  const parameters = (keep: (name: string) => boolean) =>
    Object.fromEntries(Object.entries(spec.input.shape).filter(([name]) => keep(name)).map(([name, argument]) => [name, parameterOf(argument as z.ZodType)]));
  return {
    tag,
    summary: spec.title,
    description: spec.description,
    ...(inPath.size > 0 ? { params: z.object(parameters((name) => inPath.has(name))) } : {}),
    query: z.object({ ...parameters((name) => !inPath.has(name)), sandbox: sandboxParam }),
    ...(spec.inputErrors ? { inputProblems: spec.inputErrors } : {}),
    answer: spec.title,
    errors: ['invalid_parameter'],
  };
}

/**
 * The descriptions of every row the operations of `table` name, by row id:
 * from the door's words where it has them, else from the entry. `routes`
 * (the contract, or a copy with more rows) gives each row's flags and
 * place.
 */
export function readDescriptions(
  table: OperationTable,
  words: Readonly<Record<string, ReadRowWords>>,
  routes: readonly RouteRow[],
): Record<string, EndpointDescription> {
  const described: Record<string, EndpointDescription> = {};
  for (const spec of Object.values(table)) {
    for (const id of spec.names.rest ?? []) {
      const at = routes.findIndex((row) => row.id === id);
      if (at < 0) throw new Error(`No row ${id} in the routing contract`);
      const row = routes[at]!;
      const own = words[id] ?? entryWords(spec, row.path, tagBefore(routes.slice(0, at), words, id));
      described[id] = readRow(spec, row, own);
    }
  }
  return described;
}

/** The tag of the nearest row before an undescribed one that the door has words for. */
function tagBefore(before: readonly RouteRow[], words: Readonly<Record<string, ReadRowWords>>, id: string): EndpointTag {
  const previous = [...before].reverse().find((row) => words[row.id]);
  if (!previous) throw new Error(`The row ${id} has no words of the REST door's and no described row before it to take a tag from`);
  return words[previous.id]!.tag;
}
