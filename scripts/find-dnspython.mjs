#!/usr/bin/env node
// Which Python 3 has dnspython, the DNS library the DNS records test reads
// the printed zone with (tests/helpers/parse-zone-dnspython.py): the one
// lookup, used by scripts/setup-test-deps.sh (run as a program) and by the
// test (imported). Plain ESM JavaScript so Node 20 runs it as it is.
//
//   node scripts/find-dnspython.mjs
//     prints the interpreter and exits 0; else says what it tried on stderr
//     and exits 1
//
// Order (the first that imports dns.rdtypes.svcbbase wins):
//   1. $DNSPYTHON_PYTHON when set: the only candidate
//   2. python3 on PATH (a pyenv or Homebrew Python, with pip's dnspython)
//   3. /usr/bin/python3 (Debian's python3-dnspython installs there, and a
//      version manager's python3 earlier on PATH does not see it)
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const systemPython = '/usr/bin/python3';

/** @returns {string[]} */
export function candidates(env = process.env) {
  const chosen = env.DNSPYTHON_PYTHON?.trim();
  return chosen ? [chosen] : ['python3', systemPython];
}

/** The first candidate that imports dnspython's SVCB module, or undefined. */
export function findDnspython(env = process.env) {
  return candidates(env).find((python) => {
    const probe = spawnSync(python, ['-c', 'import dns.rdtypes.svcbbase'], { stdio: 'ignore', timeout: 10_000 });
    return probe.status === 0;
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const python = findDnspython();
  if (python) {
    console.log(python);
  } else {
    console.error(`no Python 3 with dnspython (tried ${candidates().join(', ')}; DNSPYTHON_PYTHON names one)`);
    process.exit(1);
  }
}
