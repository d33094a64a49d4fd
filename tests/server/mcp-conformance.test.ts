import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startNextServer, type RunningServer } from '../helpers/next-server';

/**
 * The official MCP conformance suite
 * (@modelcontextprotocol/conformance 0.2.0-alpha.12) against `next start`,
 * for the 2025-11-25 and the 2026-07-28 requirements. The suite needs Node
 * 22 or later, so it runs on the `node` devDependency (Node 24,
 * node_modules/.bin/node); the
 * server runs on the test runner's Node like the rest of the suite.
 *
 * Scenarios that need the reference server's fixture tools, resources,
 * prompts, sampling, elicitation, tasks or sessions are listed, with the
 * reason, in tests/fixtures/mcp-conformance-expected-failures.yaml; the
 * suite itself fails the run on any other failure, and on a listed one
 * that passes. Its own server: the suite sends from 127.0.0.1 and its
 * requests must not share a rate-limit window with another file's.
 */
const conformance = path.join(repoRoot, 'node_modules/@modelcontextprotocol/conformance');
const nodeForSuite = path.join(repoRoot, 'node_modules/.bin/node');
const expectedFailures = path.join(repoRoot, 'tests/fixtures/mcp-conformance-expected-failures.yaml');

let server: RunningServer;
let results: string;

beforeAll(async () => {
  // The tools the suite calls answer without the code host; an unreachable one keeps it offline.
  server = await startNextServer({ GITHUB_API_URL: 'http://127.0.0.1:9', GITHUB_RAW_URL: 'http://127.0.0.1:9' });
  results = mkdtempSync(path.join(tmpdir(), 'mcp-conformance-'));
}, 120_000);
afterAll(async () => {
  await server?.stop();
  if (results) rmSync(results, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
}

function runSuite(revision: string): Promise<Run> {
  const args = [
    path.join(conformance, 'dist/index.js'),
    'server',
    '--url', `${server.url}/mcp`,
    '--requirements', revision,
    '--expected-failures', expectedFailures,
    '--output-dir', path.join(results, revision),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(nodeForSuite, args, { cwd: results, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The server scenarios a revision runs but never scores (its requirements file's `not_scored`). */
function notScored(revision: string): Set<string> {
  const text = readFileSync(path.join(conformance, `requirements/${revision}.yaml`), 'utf8');
  return new Set([...text.matchAll(/- scenario: (\S+)\n\s+leg: server/g)].map((match) => match[1]!));
}

const plain = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

function summarize(revision: string, run: Run) {
  const output = plain(run.output);
  const scenarios = [...output.matchAll(/^([✓✗]) (\S+): (\d+) passed, (\d+) failed$/gm)].map((match) => ({
    name: match[2]!,
    passed: match[1] === '✓',
  }));
  const expected = [...output.matchAll(/^ {2}~ (\S+)$/gm)].map((match) => match[1]!);
  const checks = /^Total: (\d+) passed, (\d+) failed$/m.exec(output);
  const skipped = notScored(revision);
  const scored = scenarios.filter((scenario) => !skipped.has(scenario.name));
  const wholly = new Set(expected.filter((entry) => !entry.includes(':')));
  const partly = new Set(expected.filter((entry) => entry.includes(':')).map((entry) => entry.split(':')[0]!));
  const summary = {
    scenarios: scored.length,
    passed: scored.filter((scenario) => scenario.passed && !partly.has(scenario.name)).map((scenario) => scenario.name),
    passedBesidesExpectedChecks: [...partly],
    expectedFailures: [...wholly],
    notScored: scenarios.filter((scenario) => skipped.has(scenario.name)).map((scenario) => `${scenario.name} ${scenario.passed ? 'passed' : 'failed'}`),
    checks: checks ? { passed: Number(checks[1]), failed: Number(checks[2]) } : undefined,
  };
  console.log(
    [
      `MCP conformance ${revision}: ${summary.scenarios} scored scenarios; ${summary.passed.length} passed (${summary.passed.join(', ')})`,
      `  passed apart from expected checks: ${summary.passedBesidesExpectedChecks.join(', ') || '-'}`,
      `  expected failures (${summary.expectedFailures.length}): ${summary.expectedFailures.join(', ')}`,
      `  expected check failures (${expected.length - wholly.size}): ${expected.filter((entry) => entry.includes(':')).join(', ') || '-'}`,
      `  not scored: ${summary.notScored.join(', ') || '-'}`,
      `  checks: ${summary.checks?.passed} passed, ${summary.checks?.failed} failed`,
    ].join('\n'),
  );
  return summary;
}

describe('the official MCP conformance suite against /mcp', () => {
  it('has its Node (22 or later) and the suite installed', () => {
    expect(existsSync(nodeForSuite), `${nodeForSuite}: the \`node\` devDependency (npm ci installs it)`).toBe(true);
    expect(existsSync(path.join(conformance, 'dist/index.js')), 'the @modelcontextprotocol/conformance devDependency').toBe(true);
  });

  it.each([
    ['2025-11-25', ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection']],
    ['2026-07-28', ['server-stateless', 'tools-list', 'dns-rebinding-protection', 'http-header-validation']],
  ])('--requirements %s: every failure is an expected one, and the protocol scenarios pass', async (revision, mustPass) => {
    const run = await runSuite(revision);
    const summary = summarize(revision, run);
    expect(run.code, plain(run.output).slice(-4000)).toBe(0);
    expect(plain(run.output)).toContain('Baseline check passed: all failures are expected.');
    for (const scenario of mustPass) {
      expect([...summary.passed, ...summary.passedBesidesExpectedChecks, ...summary.notScored.map((entry) => entry.replace(/ passed$/, ''))], scenario).toContain(scenario);
    }
  }, 600_000);
});
