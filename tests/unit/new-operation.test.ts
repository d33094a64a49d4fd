import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agentCardDocument } from '@/lib/agents/a2a';
import { a2aSkillsOf } from '@/lib/agents/a2a-skills';
import { mcpServersOf } from '@/lib/agents/mcp-server';
import { createMcpTransport } from '@/lib/agents/mcp-transport';
import { toolTable } from '@/lib/agents/tools';
import { batchLimitsOf, parseBatchBody, runBatch } from '@/lib/core/batch';
import { batchAnswerSchemas, batchRequestSchemas } from '@/lib/core/batch-schemas';
import { CoreError } from '@/lib/core/core-error';
import { createCursorCodec } from '@/lib/core/cursor';
import { operation, operations, type OperationTable } from '@/lib/core/operations';
import { err, ok } from '@/lib/core/result';
import { createSandbox } from '@/lib/core/sandbox';
import { resolveServices } from '@/lib/core/services';
import { routes, type RouteRow } from '@/lib/endpoints/contract';
import { descriptions, endpointTable } from '@/lib/endpoints/descriptions';
import { v1DescriptionsOf } from '@/lib/endpoints/descriptions/v1-endpoints';
import { readHandlers } from '@/lib/endpoints/handlers/v1-handlers';
import { buildOpenApiDocument } from '@/lib/endpoints/openapi';
import { parseEnv } from '@/lib/env';
import { toProblem } from '@/lib/http/problem';
import { problemSchema } from '@/lib/http/problem-schema';
import { createRuntime, installRuntime } from '@/lib/runtime';
import { serviceDepsOf } from '../helpers/test-services';

/**
 * A new read reaches every door from its entry in the operation table
 * alone: a copy of the table with one more operation, and of the contract
 * with its REST row (the path, the REST door's own), is all a door is
 * handed, and the read is then a row of /openapi.json, a tool of
 * `tools/list`, a skill of the agent card and a batch kind, each with the
 * operation's answer and failure codes. Nothing else names it.
 */
const echo = operation({
  names: { rest: ['getEcho'], mcp: 'get_echo', a2a: 'echo-word', batch: 'echo' },
  title: 'Echo a word',
  description: 'The word it is given, back: a read as a new operation would be.',
  input: z.object({ word: z.string().min(1).describe('Any word; `nope` names nothing') }),
  example: { word: 'glow' },
  output: z.object({ word: z.string(), sandbox: z.literal(true).optional() }),
  errors: ['unknown_job'],
  live: false,
  run: ({ word }, services) =>
    word === 'nope' ? err(new CoreError('unknown_job', 'No echo answers `nope`.')) : ok({ word, ...(services.sandbox ? { sandbox: true as const } : {}) }),
});
const table: OperationTable = { ...operations, echo };
// The REST path: a row of the contract, among the catalog reads.
const echoRow: RouteRow = { id: 'getEcho', method: 'GET', path: '/v1/echo/{word}', rateLimited: true };
const contract: RouteRow[] = routes.flatMap((row) => (row.id === 'listOptions' ? [row, echoRow] : [row]));

const origin = 'https://site.example';
const sandbox = createSandbox({ cursors: createCursorCodec('new-operation-test') });
const deps = serviceDepsOf({
  search: { search: async (input) => sandbox.search(input) },
  releases: { latestRelease: async (app) => sandbox.release(app) },
  sandbox,
  origin,
});
const services = (fromSandbox: boolean) => resolveServices(deps, { sandbox: fromSandbox });

beforeAll(() => installRuntime(createRuntime({ env: parseEnv({ SITE_URL: origin, GITHUB_API_URL: 'http://127.0.0.1:9', GITHUB_RAW_URL: 'http://127.0.0.1:9' }) })));
afterAll(() => installRuntime(undefined));

describe('a read added to a copy of the operation table', () => {
  const v1 = v1DescriptionsOf(table, contract);
  const rows = endpointTable(contract, { ...descriptions, ...v1 });

  it('is a REST row of /openapi.json: its path parameter, its answer, its failure codes', () => {
    type Operation = { operationId: string; tags: string[]; parameters: { name: string; in: string }[]; responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }> };
    const document = buildOpenApiDocument(origin, rows) as unknown as { paths: Record<string, { get: Operation }> };
    const get = document.paths['/v1/echo/{word}']!.get;
    expect(get.operationId).toBe('getEcho');
    expect(get.tags).toEqual(['Catalog']);
    expect(get.parameters.map(({ name, in: where }) => `${where} ${name}`)).toEqual(['path word', 'query sandbox']);
    expect(get.responses['200']!.content!['application/json']!.schema).toMatchObject({ properties: { word: { type: 'string' } } });
    expect(get.responses['404']!.description).toContain('`unknown_job`');
    expect(get.responses['429']).toBeDefined();
    // The batch body takes the new kind.
    expect(JSON.stringify(document)).toContain('"EchoOperation"');
  });

  it('answers at its REST row, from the sandbox, and fails with its code', async () => {
    const row = rows.find((entry) => entry.id === 'getEcho')!;
    const handler = readHandlers(table, (id) => rows.find((entry) => entry.id === id)!).getEcho!;
    const call = (word: string, query = '') => handler(new Request(`${origin}/v1/echo/${word}${query}`), { params: Promise.resolve({ word }) });
    expect(handler.endpoint).toBe(row);
    expect(await (await call('glow', '?sandbox=true')).json()).toEqual({ word: 'glow', sandbox: true });
    const failed = await call('nope');
    expect(failed.status).toBe(404);
    expect(await failed.json()).toMatchObject({ code: 'unknown_job', detail: 'No echo answers `nope`.' });
  });

  it('is a tool of tools/list, with its answer and its codes in outputSchema, and tools/call runs it', async () => {
    const servers = mcpServersOf(toolTable(table));
    const transport = createMcpTransport(servers.svc, { context: () => ({ services }), origin: () => origin });
    const rpc = async (method: string, params?: object) =>
      ((await (
        await transport(
          new Request(`${origin}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params ? { params } : {}) }),
          }),
        )
      ).json()) as { result: Record<string, unknown> }).result;
    const listed = (await rpc('tools/list')).tools as { name: string; title: string; outputSchema: { anyOf: { properties: Record<string, { properties?: { code?: { enum: string[] } } }> }[] } }[];
    const tool = listed.find((entry) => entry.name === 'get_echo')!;
    expect(tool.title).toBe('Echo a word');
    expect(tool.outputSchema.anyOf[1]!.properties.error!.properties!.code!.enum).toEqual(['unknown_job', 'invalid_parameter', 'internal_error']);
    expect(listed.map((entry) => entry.name)).toEqual([...listed.map((entry) => entry.name)].sort());
    expect(await rpc('tools/call', { name: 'get_echo', arguments: { word: 'glow', sandbox: true } })).toMatchObject({ structuredContent: { word: 'glow', sandbox: true } });
    expect(await rpc('tools/call', { name: 'get_echo', arguments: { word: 'nope' } })).toMatchObject({ isError: true, structuredContent: { error: { code: 'unknown_job' } } });
  });

  it('is a skill of the agent card, named and described from its tool, its failure codes included', () => {
    const card = agentCardDocument(origin, a2aSkillsOf(table), toolTable(table)) as { skills: { id: string; name: string; description: string; tags: string[]; examples: string[] }[] };
    const skill = card.skills.find((entry) => entry.id === 'echo-word')!;
    // A2A wants every skill tagged: the operation's id, where the door has no tags of its own.
    expect(skill.tags).toEqual(['echo']);
    expect(skill.name).toBe('Echo a word');
    expect(skill.description).toContain('`unknown_job`');
    expect(skill.examples).toEqual(['{"skill":"echo-word","arguments":{"word":"glow"}}']);
  });

  it('is a batch kind: the body takes it, a batch runs it, a failed entry carries its problem', async () => {
    const { kinds } = batchRequestSchemas(table);
    expect(kinds).toContain('echo');
    const body = { operations: [{ kind: 'echo', word: 'glow' }, { kind: 'echo', word: 'nope' }, { kind: 'install', desktop: 'hacker' }], sandbox: true };
    const request = parseBatchBody(body, batchLimitsOf(batchRequestSchemas(table)).batch);
    expect(request.ok).toBe(true);
    const answer = await runBatch(request.ok ? request.value : body, { services, describeFailure: toProblem, operations: table });
    expect(answer.results.slice(0, 2)).toEqual([
      { ok: true, kind: 'echo', data: { word: 'glow', sandbox: true } },
      { ok: false, kind: 'echo', problem: expect.objectContaining({ code: 'unknown_job', status: 404 }) },
    ]);
    expect(batchAnswerSchemas(table, problemSchema).batchAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it('leaves the site\'s own table and doors as they are', () => {
    expect(Object.keys(operations)).not.toContain('echo');
    expect(toolTable().map((tool) => tool.name)).not.toContain('get_echo');
    expect(parseBatchBody({ operations: [{ kind: 'echo', word: 'glow' }] }, batchLimitsOf().batch)).toMatchObject({ ok: false, error: { code: 'invalid_batch' } });
  });
});
