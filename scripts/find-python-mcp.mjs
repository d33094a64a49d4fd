#!/usr/bin/env node
// Which Python has the MCP Python SDK, the second real client the MCP
// resources are read with (tests/server/mcp-python-client.test.ts); with
// --install, first puts the SDK in a virtual environment of the project's
// own (tests/.artifacts/python-mcp) from the indexes pip is configured with.
// Plain ESM JavaScript so Node 20 runs it as it is.
//
//   node scripts/find-python-mcp.mjs [--install]
//     prints the interpreter and exits 0; else says what it tried on stderr
//     and exits 1
//
// Order (the first that imports the SDK's client at the pinned version wins):
//   1. $MCP_PYTHON when set: the only candidate
//   2. the project's environment, tests/.artifacts/python-mcp
//
// The SDK comes from PyPI (or a mirror pip is set up to use), which is not
// one of the registries this project may assume (npm's and Debian's; Debian
// has no package of it), so the test that uses it is skipped, saying so,
// where no index offers it. The TypeScript SDK's test of the same resources
// (tests/server/mcp-resources.test.ts) always runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The SDK release the client script is written against (its `Client` and `streamable_http_client`). */
export const sdkVersion = '2.3.0';
export const environment = path.join(root, 'tests', '.artifacts', 'python-mcp');
const environmentPython = path.join(environment, process.platform === 'win32' ? 'Scripts/python.exe' : 'bin/python');

/** @returns {string[]} */
export function candidates(env = process.env) {
  const chosen = env.MCP_PYTHON?.trim();
  return chosen ? [chosen] : [environmentPython];
}

const probe = `import importlib.metadata as m, mcp.client.streamable_http; assert m.version("mcp") == "${sdkVersion}", m.version("mcp")`;

/** The first candidate that imports the pinned SDK, or undefined. */
export function findPythonMcp(env = process.env) {
  return candidates(env).find((python) => spawnSync(python, ['-c', probe], { stdio: 'ignore', timeout: 60_000 }).status === 0);
}

/** Makes the project's environment and installs the pinned SDK into it; the error output when that fails. */
export function installPythonMcp() {
  const steps = [
    ['python3', ['-m', 'venv', environment]],
    // --retries 0: an index this machine cannot reach fails at once rather than after minutes of backoff.
    [environmentPython, ['-m', 'pip', 'install', '--quiet', '--retries', '0', '--disable-pip-version-check', `mcp==${sdkVersion}`]],
  ];
  for (const [command, args] of steps) {
    if (command === 'python3' && existsSync(environmentPython)) continue;
    const run = spawnSync(command, args, { encoding: 'utf8', timeout: 600_000 });
    if (run.status !== 0) return `${command} ${args.join(' ')}: ${(run.stderr || run.error?.message || `exit ${run.status}`).trim().split('\n').slice(-3).join(' ')}`;
  }
  return undefined;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  let python = findPythonMcp();
  let why = '';
  if (!python && process.argv.includes('--install') && !process.env.MCP_PYTHON) {
    why = installPythonMcp() ?? '';
    python = findPythonMcp();
  }
  if (python) {
    console.log(python);
  } else {
    console.error(`no Python with the MCP Python SDK ${sdkVersion} (tried ${candidates().join(', ')}; MCP_PYTHON names one)${why ? `; installing it failed: ${why}` : ''}`);
    console.error(`  to install it: python3 -m venv ${path.relative(process.cwd(), environment)} && ${path.relative(process.cwd(), environmentPython)} -m pip install mcp==${sdkVersion}`);
    process.exit(1);
  }
}
