import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The two OpenAPI linters API teams run, on a document: Redocly's
 * `recommended` rules (redocly.yaml) and Spectral's `spectral:oas`
 * (.spectral.yaml), through their own CLIs on this process's Node. Each
 * reports every problem it found, of any severity; the rules a config
 * switches off say why there.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const cli = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);

interface LintProblem {
  severity: string;
  rule: string;
  message: string;
  /** Where in the document, e.g. `#/paths/~1v1~1search/get/responses`. */
  at: string;
}

export interface LinterReport {
  linter: 'redocly' | 'spectral';
  problems: LintProblem[];
  /** The CLI's own summary line, for the test log. */
  summary: string;
}

function run(args: string[]) {
  const result = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  if (result.error) throw result.error;
  return result;
}

/** Parses a CLI's JSON report, or fails with what the CLI printed instead. */
function parseReport<T>(linter: string, stdout: string, stderr: string): T {
  try {
    return JSON.parse(stdout) as T;
  } catch {
    throw new Error(`${linter} printed no JSON report:\n${stdout.slice(0, 2000)}\n${stderr.slice(0, 2000)}`);
  }
}

function redocly(file: string): LinterReport {
  const result = run([cli('redocly'), 'lint', file, '--config', path.join(repoRoot, 'redocly.yaml'), '--format=json', '--max-problems=1000']);
  const report = parseReport<{
    totals: { errors: number; warnings: number; ignored: number };
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
  }>('redocly', result.stdout, result.stderr);
  const { errors, warnings, ignored } = report.totals;
  return {
    linter: 'redocly',
    problems: report.problems.map((problem) => ({
      severity: problem.severity,
      rule: problem.ruleId,
      message: problem.message,
      at: problem.location[0]?.pointer ?? '',
    })),
    summary: `redocly lint (recommended): ${errors} errors, ${warnings} warnings, ${ignored} ignored`,
  };
}

const spectralSeverities = ['error', 'warn', 'info', 'hint'];

function spectral(file: string): LinterReport {
  const result = run([cli('spectral'), 'lint', file, '--ruleset', path.join(repoRoot, '.spectral.yaml'), '--format=json', '--fail-severity=hint', '--quiet']);
  const results = parseReport<Array<{ code: string; severity: number; message: string; path: string[] }>>('spectral', result.stdout, result.stderr);
  if (results.length === 0 && result.status !== 0) throw new Error(`spectral failed with no results:\n${result.stderr.slice(0, 2000)}`);
  const problems = results.map((entry) => ({
    severity: spectralSeverities[entry.severity] ?? String(entry.severity),
    rule: entry.code,
    message: entry.message,
    at: `#/${entry.path.map((segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`,
  }));
  const count = (severity: string) => problems.filter((problem) => problem.severity === severity).length;
  return {
    linter: 'spectral',
    problems,
    summary: `spectral lint (spectral:oas): ${problems.length} problems (${spectralSeverities.map((severity) => `${count(severity)} ${severity}`).join(', ')})`,
  };
}

/** Writes the document to a temporary file and lints it with both CLIs. */
export function lintOpenApi(document: string): LinterReport[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, document);
    return [redocly(file), spectral(file)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per problem, for an assertion message. */
export const formatProblems = (report: LinterReport) =>
  [report.summary, ...report.problems.map((problem) => `  ${problem.severity} ${problem.rule} ${problem.at}: ${problem.message}`)].join('\n');
