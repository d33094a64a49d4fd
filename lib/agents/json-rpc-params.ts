import { maxParamsDepth } from './json-rpc';

/**
 * What is wrong with a request's params, said in a sentence a client can
 * act on: the -32602 answers of the agent doors (JSON-RPC 2.0 §5.1,
 * "Invalid params"). Both transports check params before their SDK reads
 * them (lib/agents/mcp-transport.ts, lib/agents/a2a-transport.ts): a value
 * of the wrong type must be invalid params, never an internal error, a
 * validator's issue dump or an exception's text.
 */

/** One problem a validator found: the Standard Schema issue (zod's issues carry `code`, `expected` and `errors` too). */
export interface ParamsIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
  readonly code?: unknown;
  readonly expected?: unknown;
  readonly errors?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const typeNames: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  record: 'an object',
  array: 'an array',
  null: 'null',
};
const typeName = (type: string) => typeNames[type] ?? `a ${type}`;

/** The JSON type of a value as a client reads it: `a number`, `an array`, `null`. */
function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeName(typeof value);
}

/** `['params', 'clientInfo', 'name']` → `params.clientInfo.name`; other keys bracketed: `params._meta["io.x/y"]`, `params.parts[0]`. */
export function formatPath(path: ParamsIssue['path']): string {
  let out = '';
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** The types a union issue's branches expected at the issue's own path. */
function unionTypes(issue: ParamsIssue): string[] {
  if (!Array.isArray(issue.errors)) return [];
  const types = new Set<string>();
  for (const branch of issue.errors) {
    if (!Array.isArray(branch)) continue;
    for (const inner of branch as ParamsIssue[]) {
      if (isRecord(inner) && typeof inner.expected === 'string' && (inner.path ?? []).length === 0) types.add(typeName(inner.expected));
    }
  }
  return [...types];
}

const expectedReceived = /^Invalid input: expected (\w+), received (\w+)$/;

/** One issue as a clause: `params.protocolVersion is required (a string)`, `params.cursor must be a string (got a number)`. */
export function describeIssue(issue: ParamsIssue): string {
  const where = formatPath(issue.path) || 'params';
  // A schema's own wording (`must be an integer`) reads after the member's name.
  if (/^(?:must|is) /.test(issue.message)) return `${where} ${issue.message}`;
  const union = unionTypes(issue);
  if (union.length > 0) return `${where} must be ${union.join(' or ')}`;
  const typed = expectedReceived.exec(issue.message);
  if (typed) {
    const [, expected, received] = typed as unknown as [string, string, string];
    if (received === 'undefined') return `${where} is required (${typeName(expected)})`;
    return `${where} must be ${typeName(expected)} (got ${typeName(received)})`;
  }
  return `${where}: ${issue.message.charAt(0).toLowerCase()}${issue.message.slice(1)}`;
}

/** At most this many issues are named; a client fixes the first few and sends again. */
const namedIssues = 4;

/** `initialize: params.protocolVersion is required (a string); params.clientInfo is required (an object)`. */
export function describeParamsIssues(method: string, issues: readonly ParamsIssue[]): string {
  const clauses = [...new Set(issues.map(describeIssue))];
  const more = clauses.length > namedIssues ? `; and ${clauses.length - namedIssues} more` : '';
  return `${method}: ${clauses.slice(0, namedIssues).join('; ')}${more}.`;
}

/** Whether a JSON value nests deeper than `limit` arrays and objects (walked without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(item) ? item : Object.values(item)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * The checks of every method's params before any schema: params, when
 * sent, are an object (both protocols name their params; MCP narrows
 * JSON-RPC's "structured value" to an object), and nest at most
 * `maxParamsDepth` levels (an SDK reading a deeper value can exhaust the
 * stack). Undefined when the shape is acceptable.
 */
export function paramsShapeProblem(method: string, params: unknown): string | undefined {
  if (params === undefined) return undefined;
  if (!isRecord(params)) return `${method}: params must be an object (got ${jsonTypeOf(params)}).`;
  if (nestsDeeperThan(params, maxParamsDepth)) return `${method}: params nest deeper than ${maxParamsDepth} levels of arrays and objects.`;
  return undefined;
}
