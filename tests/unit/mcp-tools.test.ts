import { ProtocolError } from '@modelcontextprotocol/server';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { callTool, mcpServers, toolError, toolSuccess } from '@/lib/agents/mcp-server';
import { findTool, parseToolInput, runTool, toolDescription, toolJsonSchemas, tools, type ToolContext } from '@/lib/agents/tools';
import { createCursorCodec } from '@/lib/core/cursor';
import { operations } from '@/lib/core/operations';
import { ok } from '@/lib/core/result';
import { createSandbox } from '@/lib/core/sandbox';
import { CoreError } from '@/lib/core/core-error';
import type { SearchInput } from '@/lib/core/search';
import { isProblemCode } from '@/lib/http/problem-codes';
import { toolContextOf } from '../helpers/test-services';

/**
 * The tool table (lib/agents/tools.ts) and the MCP results made from it
 * (lib/agents/mcp-server.ts): one definition per tool, schemas every
 * document can show, argument errors with the REST codes, and failures as
 * `isError` results carrying `{ error: { code, message } }`.
 */

const sandbox = createSandbox({ cursors: createCursorCodec('mcp-tools-test') });
const liveRelease = { tag: 'v2026.01.02', asset: 'Pounce.dmg', size: 1, url: 'https://github.com/o/pounce/releases/download/v2026.01.02/Pounce.dmg', publishedAt: '2026-01-02T00:00:00Z' };
const origin = 'https://site.example';
const liveServices = {
  // The live services are stubs: these tests are about the table, not the core.
  search: { search: async (input: SearchInput) => sandbox.search(input) },
  releases: { latestRelease: async (app: string) => (app === 'pounce' ? ok(liveRelease) : sandbox.release(app)) },
  sandbox,
  origin,
};
const context: ToolContext = toolContextOf(liveServices);

const tool = (name: string) => findTool(name)!;

describe('the tool table', () => {
  it('holds one tool per operation with an MCP name, each once and in name order, the spec\'s three among them', () => {
    const named = Object.values(operations).flatMap((spec) => (spec.names as { mcp?: string }).mcp ?? []);
    expect(tools.map((entry) => entry.name)).toEqual([...named].sort());
    expect(tools.map((entry) => entry.name)).toEqual(expect.arrayContaining(['get_install_command', 'get_latest_release', 'search_docs']));
  });

  it('marks every tool read-only, not destructive, idempotent; open world only where the code host is asked', () => {
    for (const entry of tools) {
      expect(entry.annotations, entry.name).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
      expect(entry.annotations.openWorldHint, entry.name).toBe(operations[entry.operation as keyof typeof operations].live);
    }
    expect(tool('get_latest_release').annotations.openWorldHint).toBe(true);
  });

  it('gives every tool an optional boolean `sandbox` argument', () => {
    for (const entry of tools) {
      const { inputSchema } = toolJsonSchemas(entry);
      expect((inputSchema.properties as Record<string, unknown>).sandbox, entry.name).toMatchObject({ type: 'boolean' });
      expect((inputSchema.required as string[] | undefined) ?? [], entry.name).not.toContain('sandbox');
    }
  });

  it('lists its failures as problem codes', () => {
    for (const entry of tools) for (const code of entry.errors) expect(isProblemCode(code), `${entry.name}: ${code}`).toBe(true);
  });

  it('shows schemas whole: objects, no $ref, $defs or $schema, no meaningless integer bounds', () => {
    for (const entry of tools) {
      const schemas = toolJsonSchemas(entry);
      const text = JSON.stringify(schemas);
      expect(schemas.inputSchema.type).toBe('object');
      expect(schemas.outputSchema.type).toBe('object');
      expect(text).not.toMatch(/"\$ref"|"\$defs"|"\$schema"/);
      expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    }
    const search = toolJsonSchemas(tool('search_docs')).resultSchema as unknown as { properties: { results: { items: { required: string[] } } } };
    expect(search.properties.results.items.required).toEqual(['url', 'breadcrumbs', 'excerpt', 'score']);
  });

  it('describes both outcomes in outputSchema: the answer, or { error: { code, message } } with the tool\'s codes', () => {
    for (const entry of tools) {
      const { outputSchema, resultSchema } = toolJsonSchemas(entry);
      const [answer, failure] = outputSchema.anyOf as [Record<string, unknown>, { properties: { error: { properties: { code: { enum: string[] } } } } }];
      expect(answer).toEqual(resultSchema);
      expect(failure.properties.error.properties.code.enum).toEqual([...entry.errors, 'invalid_parameter', 'internal_error']);
    }
  });

  it('describes each tool with the codes it fails with', () => {
    const description = toolDescription(tool('get_latest_release')).description;
    for (const code of ['unknown_app', 'no_release', 'upstream_unavailable', 'invalid_parameter']) expect(description).toContain(`\`${code}\``);
  });
});

describe('arguments', () => {
  const codeOf = (name: string, args: unknown) => {
    const parsed = parseToolInput(tool(name), args);
    return parsed.ok ? 'ok' : parsed.error.code;
  };

  it('takes valid arguments, with no arguments where none is required', () => {
    expect(codeOf('get_install_command', undefined)).toBe('ok');
    expect(codeOf('get_install_command', { desktop: 'hacker', sandbox: true })).toBe('ok');
    expect(codeOf('search_docs', { query: 'glow', limit: 50 })).toBe('ok');
  });

  it('answers a bad argument with the code the REST door gives the same mistake', () => {
    expect(codeOf('get_latest_release', { app: 'safari' })).toBe('unknown_app');
    expect(codeOf('get_latest_release', {})).toBe('unknown_app');
    expect(codeOf('search_docs', {})).toBe('missing_query');
    expect(codeOf('search_docs', { query: '' })).toBe('missing_query');
    expect(codeOf('search_docs', { query: 'x'.repeat(501) })).toBe('invalid_parameter');
    expect(codeOf('search_docs', { query: 'x', limit: 51 })).toBe('invalid_parameter');
    expect(codeOf('search_docs', { query: 'x', limit: 2.5 })).toBe('invalid_parameter');
    expect(codeOf('search_docs', { query: 'x', cursor: 7 })).toBe('invalid_cursor');
    expect(codeOf('get_install_command', { sandbox: 'yes' })).toBe('invalid_parameter');
  });

  it('names the valid apps, as /v1/releases/{app} does', () => {
    const parsed = parseToolInput(tool('get_latest_release'), { app: 'safari' });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.detail).toBe('`safari` is not a downloadable app. The downloadable apps are `pounce` and `perch`.');
  });
});

describe('running a tool', () => {
  it('answers from the core, live or from the sandbox fixtures', async () => {
    expect(await runTool(tool('get_latest_release'), { app: 'pounce' }, context)).toEqual(ok(liveRelease));
    expect(await runTool(tool('get_latest_release'), { app: 'pounce', sandbox: true }, context)).toEqual(sandbox.release('pounce'));
    expect(await runTool(tool('search_docs'), { query: 'glow', sandbox: true }, context)).toEqual(sandbox.search({ q: 'glow' }));
    expect(await runTool(tool('get_install_command'), { desktop: 'hacker' }, context)).toEqual(sandbox.installAnswer('hacker', origin));
  });

  it('passes the core\'s failures through: an unknown desktop, a forged cursor', async () => {
    const desktop = await runTool(tool('get_install_command'), { desktop: 'nope' }, context);
    expect(desktop.ok ? undefined : desktop.error.code).toBe('unknown_desktop');
    const cursor = await runTool(tool('search_docs'), { query: 'glow', cursor: 'forged', sandbox: true }, context);
    expect(cursor.ok ? undefined : cursor.error.code).toBe('invalid_cursor');
  });
});

describe('MCP results', () => {
  it('a success is the object as structuredContent and the same JSON as text', () => {
    const value = { a: 1, b: ['x'] };
    expect(toolSuccess(value)).toEqual({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });
  });

  it('a failure is isError with { error: { code, message } } in the text and structuredContent', () => {
    const result = toolError(new CoreError('unknown_app', 'no such app'));
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ error: { code: 'unknown_app', message: 'no such app' } });
    expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  });

  it('a call goes through the table; a tool of another server is a protocol error (-32602)', async () => {
    const answer = await callTool(mcpServers.svc, 'get_latest_release', { app: 'safari' }, context);
    expect(answer.structuredContent).toMatchObject({ error: { code: 'unknown_app' } });
    await expect(callTool(mcpServers['svc-docs'], 'get_latest_release', { app: 'pounce' }, context)).rejects.toSatisfy(
      (error: unknown) => error instanceof ProtocolError && error.code === -32602,
    );
    await expect(callTool(mcpServers.svc, 'no_such_tool', {}, context)).rejects.toBeInstanceOf(ProtocolError);
  });

  it('every answer and every failure validates against the tool\'s outputSchema (clients check both)', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const calls: Array<[string, Record<string, unknown>]> = [
      ['get_install_command', {}],
      ['get_install_command', { desktop: 'nope' }],
      ['get_latest_release', { app: 'pounce' }],
      ['get_latest_release', { app: 'perch', sandbox: true }],
      ['get_latest_release', { app: 'safari' }],
      ['search_docs', { query: 'glow', sandbox: true }],
      ['search_docs', { query: '' }],
      ['search_docs', { query: 'x', limit: 99 }],
    ];
    for (const [name, args] of calls) {
      const validate = ajv.compile(toolJsonSchemas(tool(name)).outputSchema);
      const result = await callTool(mcpServers.svc, name, args, context);
      expect(validate(result.structuredContent), `${name} ${JSON.stringify(args)}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  });

  it('a bug in a tool is an internal_error result with a request id, and nothing of the stack', async () => {
    const logged: unknown[] = [];
    const broken: ToolContext = toolContextOf({ ...liveServices, search: { search: async () => { throw new Error('secret stack detail'); } } });
    const answer = await callTool(mcpServers.svc, 'search_docs', { query: 'x' }, broken, (...line) => logged.push(line));
    expect(answer.isError).toBe(true);
    expect(answer.structuredContent).toMatchObject({ error: { code: 'internal_error' } });
    expect(JSON.stringify(answer)).not.toContain('secret stack detail');
    expect(JSON.stringify(logged)).toContain('secret stack detail');
  });
});
