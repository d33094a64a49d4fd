import { describe, expect, it } from 'vitest';
import { a2aSkills } from '@/lib/agents/a2a-skills';
import { tools, type ToolSpec } from '@/lib/agents/tools';
import type { EndpointSpec } from '@/lib/endpoints/endpoint';
import type { EndpointId } from '@/lib/endpoints/contract';
import { descriptions } from '@/lib/endpoints/descriptions';
import { endpointById } from '@/lib/endpoints/descriptions/shared';
import { operationIds, operationNamed, operations, runOperation, type OperationSpec } from '@/lib/core/operations';
import { createCursorCodec } from '@/lib/core/cursor';
import { ok } from '@/lib/core/result';
import { createSandbox } from '@/lib/core/sandbox';
import { operationSchema } from '@/lib/core/batch-schemas';
import { resolveServices } from '@/lib/core/services';

/**
 * Every door is a map over the operation table (lib/core/operations.ts):
 * the MCP tools, the A2A skills, the batch kinds and the /v1 rows name an
 * operation, and show its output schema and failure codes, never a copy.
 * A new operation with a name for a door appears there, and a door that
 * names an operation that does not exist fails here.
 */
const table = operations as Record<string, OperationSpec>;

describe('the operation table', () => {
  it('gives each operation distinct names on each door', () => {
    for (const door of ['mcp', 'a2a', 'batch'] as const) {
      const names = operationIds.map((id) => table[id]!.names[door]).filter(Boolean);
      expect(new Set(names).size, door).toBe(names.length);
    }
  });

  it('is what the MCP tools are: one tool per operation with an MCP name, its output and codes', () => {
    const named = operationIds.filter((id) => table[id]!.names.mcp);
    expect(tools.map((tool) => tool.operation).sort()).toEqual([...named].sort());
    for (const tool of tools) {
      const operation = table[tool.operation]!;
      expect(tool.name).toBe(operation.names.mcp);
      expect(tool.output).toBe(operation.output);
      expect(tool.errors).toBe(operation.errors);
      expect(tool.annotations.openWorldHint).toBe(operation.live);
    }
  });

  it('gives each operation an example its own input schema takes', () => {
    for (const id of operationIds) expect(table[id]!.input.safeParse(table[id]!.example).success, id).toBe(true);
  });

  it('takes what each door hands it: a tool\'s arguments and a batch entry map onto the operation\'s input schema', () => {
    // A tool's arguments for its operation's example: the same values, under the tool's own names where it has them.
    const toolArgs: Record<string, unknown> = { search_docs: { query: 'glow', limit: 1 } };
    for (const tool of tools as readonly ToolSpec[]) {
      const args = tool.input.parse(toolArgs[tool.name] ?? table[tool.operation]!.example);
      expect(table[tool.operation]!.input.safeParse(tool.toInput(args)).success, tool.name).toBe(true);
    }
    for (const id of operationIds.filter((id) => table[id]!.names.batch)) {
      const { kind, ...input } = operationSchema.parse({ kind: table[id]!.names.batch, ...table[id]!.example });
      expect(operationNamed('batch', kind), kind).toBe(id);
      expect(table[id]!.input.safeParse(input).success, kind).toBe(true);
    }
  });

  it('is what the A2A skills are: each skill runs the tool of its operation', () => {
    expect(a2aSkills.map((skill) => operationNamed('a2a', skill.id))).toEqual(a2aSkills.map((skill) => operationNamed('mcp', skill.tool)));
    expect(a2aSkills.length).toBe(operationIds.filter((id) => table[id]!.names.a2a).length);
  });

  it('is what the batch kinds are: every kind the body schema takes names an operation', () => {
    const kinds = operationSchema.options.map((option) => option.shape.kind.value as string);
    expect(kinds.map((kind) => operationNamed('batch', kind))).not.toContain(undefined);
    expect(kinds.length).toBe(operationIds.filter((id) => table[id]!.names.batch).length);
  });

  it('is what the /v1 reads answer: each named row answers the operation\'s output and lists its codes', () => {
    for (const id of operationIds) {
      for (const rowId of table[id]!.names.rest ?? []) {
        const row: EndpointSpec = endpointById(descriptions, rowId as EndpointId);
        expect(row.responses[200]?.schema, rowId).toBe(table[id]!.output);
        expect(row.errors, rowId).toEqual(expect.arrayContaining([...table[id]!.errors]));
      }
    }
  });

  it('runs on the request\'s services: one choice of live or sandbox, read by every operation', async () => {
    const sandbox = createSandbox({ cursors: createCursorCodec('operation-table-sandbox') });
    const live = {
      search: { search: async () => ok({ query: 'live', results: [], next_cursor: null, total: 0 }) },
      releases: { latestRelease: async () => sandbox.release('perch') },
      sandbox,
      cursors: createCursorCodec('operation-table-live'),
      origin: 'https://site.example',
    };
    const fromFixtures = resolveServices(live, { sandbox: true });
    const fromLive = resolveServices(live, { sandbox: false });
    expect(await runOperation('search', { q: 'glow' }, fromFixtures)).toEqual(sandbox.search({ q: 'glow' }));
    expect(await runOperation('search', { q: 'glow' }, fromLive)).toEqual(ok({ query: 'live', results: [], next_cursor: null, total: 0 }));
    expect(await runOperation('release', { app: 'pounce' }, fromFixtures)).toEqual(sandbox.release('pounce'));
    expect(await runOperation('release', { app: 'pounce' }, fromLive)).toEqual(sandbox.release('perch'));
    const rooms = await runOperation('rooms', { limit: 1 }, fromFixtures);
    expect(rooms.ok && rooms.value.sandbox).toBe(true);
    const liveRooms = await runOperation('rooms', { limit: 1 }, fromLive);
    expect(liveRooms.ok && liveRooms.value.sandbox).toBeUndefined();
  });
});
