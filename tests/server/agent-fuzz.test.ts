import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, inject, it } from 'vitest';
import { agentDoors, describeCase, fuzzCase, violations, type FuzzCase } from '../helpers/agent-fuzz';
import { client, type HttpResult } from '../helpers/http';

/**
 * A structured fuzz of the agent doors (POST /mcp, /mcp/docs,
 * /.well-known/mcp, /a2a), /ask (GET and POST) and POST /v1/batch and
 * /v1/jobs against `next start`: well-formed JSON-RPC envelopes with
 * hostile params, ids, methods, batches, protocol versions and Accept
 * headers, and hostile queries and bodies (tests/helpers/agent-fuzz.ts).
 * No answer is a 5xx; an agent door answers JSON-RPC 2.0 (or the
 * documented 202, 405, 406, 415, 429), never -32603, with messages free
 * of stack traces and validator dumps; /ask and /v1 answer every error
 * with a problem document, never `internal_error` (spec "Agent
 * endpoints", "Errors").
 *
 * Bounded: a fixed seed and case count, one request a case. fast-check
 * prints the seed and the shrunk case of a failure. The suite's shared
 * server counts 600 requests a minute per client (spec "Limits"): this
 * file is its own client, and waits for the window to turn when the
 * answers say its budget is spent, so shrinking a failure never meets a 429.
 */
const base = inject('baseUrl');
const send = client(base, '127.0.0.141');

const seed = 1128;
const numRuns = 400;

/** Requests are held back when fewer than this many remain in the window. */
const reserve = 2;
let remaining = Number.POSITIVE_INFINITY;
let resetSeconds = 0;

async function paced(c: FuzzCase): Promise<HttpResult> {
  if (remaining < reserve) await new Promise((resolve) => setTimeout(resolve, (resetSeconds + 1) * 1000));
  const result = await send(c.target, { method: c.method, headers: c.headers, body: c.body });
  const left = Number(result.headers['ratelimit-remaining']);
  if (Number.isFinite(left)) {
    remaining = left;
    resetSeconds = Number(result.headers['ratelimit-reset']) || 60;
  }
  return result;
}

const shorten = (text: string) => (text.length > 600 ? `${text.slice(0, 600)}… (${text.length} characters)` : text);

/** What the fuzz found, pinned over HTTP: each was -32603 (or a 500) before. */
describe('the answers the fuzz found wrong', () => {
  const json = { 'content-type': 'application/json' };
  type ErrorAnswer = { jsonrpc: string; id: unknown; error: { code: number; message: string } };
  const rpc = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await send(path, { method: 'POST', headers: { ...json, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { res, answer: res.json<ErrorAnswer>() };
  };
  const clientInfo = { name: 'agent-fuzz', version: '1.0.0' };

  it.each(['/mcp', '/mcp/docs', '/.well-known/mcp'])('%s: initialize with missing or malformed params is 200 -32602 naming the member, in each revision', async (path) => {
    for (const protocolVersion of ['2025-11-25', '2025-06-18', '2026-07-28']) {
      const { res: good } = await rpc(path, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo } });
      expect(good.json<{ result: { protocolVersion: string } }>().result.protocolVersion).toBe(protocolVersion === '2026-07-28' ? '2025-11-25' : protocolVersion);
      const { res, answer } = await rpc(path, { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion } });
      expect(res.status, protocolVersion).toBe(200);
      expect(answer).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'initialize: params.capabilities is required (an object); params.clientInfo is required (an object).' } });
    }
    const { res, answer } = await rpc(path, { jsonrpc: '2.0', id: 3, method: 'initialize' });
    expect(res.status).toBe(200);
    expect(answer.error).toEqual({
      code: -32602,
      message: 'initialize: params.protocolVersion is required (a string); params.capabilities is required (an object); params.clientInfo is required (an object).',
    });
    const scalar = await rpc(path, { jsonrpc: '2.0', id: 4, method: 'initialize', params: 'latest' });
    expect(scalar.answer.error).toEqual({ code: -32602, message: 'initialize: params must be an object (got a string).' });
  });

  it('/mcp, 2026-07-28: tools/list with a cursor that is not a string is 200 -32602', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
    const { res, answer } = await rpc('/mcp', { jsonrpc: '2.0', id: 5, method: 'tools/list', params: { cursor: 5, _meta: envelope } }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' });
    expect(res.status).toBe(200);
    expect(answer.error).toEqual({ code: -32602, message: 'tools/list: params.cursor must be a string (got a number).' });
  });

  it.each([
    ['tasks/cancel', '0.3'],
    ['tasks/get', '0.3'],
    ['CancelTask', '1.0'],
    ['GetTask', '1.0'],
  ])('/a2a %s (A2A %s): an id that is not a string is 200 -32602 naming params.id', async (method, version) => {
    for (const [id, type] of [[5, 'a number'], [['t'], 'an array'], [{}, 'an object']] as const) {
      const { res, answer } = await rpc('/a2a', { jsonrpc: '2.0', id: 6, method, params: { id } });
      expect(res.status).toBe(200);
      expect(res.headers['a2a-version']).toBe(version);
      expect(answer.error).toMatchObject({ code: -32602, message: `${method}: params.id must be a string (got ${type}).` });
    }
  });

  it('/v1/batch with an Idempotency-Key and a body nested deep in an ignored member: answered, not 500', async () => {
    const deep = `${'['.repeat(4000)}${']'.repeat(4000)}`;
    const body = `{"sandbox":true,"operations":[{"kind":"release","app":"pounce","extra":${deep}}]}`;
    const res = await send('/v1/batch', { method: 'POST', headers: { ...json, 'idempotency-key': `agent-fuzz-${randomUUID()}` }, body });
    expect(res.status, res.body).toBe(200);
    expect(res.json<{ results: Array<{ ok: boolean }> }>().results).toEqual([expect.objectContaining({ ok: true })]);
  });
});

describe('the agent doors, /ask and /v1/batch under a structured fuzz', () => {
  it(`no answer is a 5xx, -32603, internal_error or outside the documented shapes (seed ${seed}, ${numRuns} cases)`, async () => {
    /** What the run reached: a JSON-RPC result on each agent door, a 200 of /ask and /v1/batch. */
    const reached = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fuzzCase, async (c) => {
        const result = await paced(c);
        const found = violations(c, result);
        expect(found, `${describeCase(c)}\n=> ${result.status} ${shorten(result.body)}`).toEqual([]);
        if (result.status === 200 && (!agentDoors.includes(c.door as never) || /"result"\s*:/.test(result.body))) reached.add(c.door);
      }),
      { seed, numRuns },
    );
    // The generators reach past the body checks: every door answered at least once.
    expect([...reached]).toEqual(expect.arrayContaining([...agentDoors, '/ask', '/v1/batch']));
  }, 600_000);
});
