import { patientMs } from './patience';

/**
 * The MDN HTTP Observatory (`@mdn/mdn-http-observatory`, the scanner behind
 * developer.mozilla.org's), run on one answer of a local server: its
 * retriever (the page as a browser asks for it, robots.txt, a CORS
 * preflight) and each of its tests, scored as the Observatory scores them.
 *
 * Its CLI and `scan()` score a hostname with the two tests that need TLS
 * (`redirection`, `strict-transport-security`), which a plain-HTTP server on
 * loopback fails by construction, and those two read the HSTS preload list
 * its postinstall downloads (skipped here: package.json `allowScripts`).
 * So the tests run one by one, the TLS pair left out, and the score is 100
 * plus every other test's modifier, as the Observatory adds them.
 */
interface ObservatoryTest {
  name: string;
  pass: boolean;
  result: string;
  modifier: number;
}

export interface ObservatoryReport {
  status: number | undefined;
  /** 100 plus the modifiers of the tests run. */
  score: number;
  /** Every test but the TLS pair. */
  tests: ObservatoryTest[];
}

/** The tests that need the site over TLS. */
export const tlsTests = ['redirection', 'strict-transport-security'];

interface Output {
  pass: boolean | null;
  result: string | null;
}
interface Retrieved {
  responses: { auto: { status: number } | null };
}
interface ObservatoryModules {
  retrieve(hostname: string, options: { httpPort?: number; path?: string }): Promise<Retrieved>;
  /** Each test with the name of its output (ALL_TESTS and ALL_RESULTS, in the same order). */
  tests: { name: string; run: (requests: Retrieved) => Output }[];
  modifier(result: string): number;
}

let loaded: Promise<ObservatoryModules> | undefined;

function load(): Promise<ObservatoryModules> {
  // Its retriever gives up on an answer after 10 s (ABORT_TIMEOUT, CLIENT_TIMEOUT, read once when it loads):
  // a loopback answer on a busy machine must not lose to that timer.
  process.env.ABORT_TIMEOUT ??= String(patientMs);
  process.env.CLIENT_TIMEOUT ??= String(patientMs);
  loaded ??= (async () => {
    // No type declarations ship with it (plain JavaScript with JSDoc): the shapes used are declared above.
    const retriever = '@mdn/mdn-http-observatory/src/retriever/retriever.js';
    const constants = '@mdn/mdn-http-observatory/src/constants.js';
    const grader = '@mdn/mdn-http-observatory/src/grader/grader.js';
    const [{ retrieve }, { ALL_TESTS, ALL_RESULTS }, { getScoreModifier }] = (await Promise.all([import(retriever), import(constants), import(grader)])) as [
      { retrieve: ObservatoryModules['retrieve'] },
      { ALL_TESTS: ((requests: Retrieved) => Output)[]; ALL_RESULTS: { name: string }[] },
      { getScoreModifier: ObservatoryModules['modifier'] },
    ];
    if (ALL_TESTS.length !== ALL_RESULTS.length) throw new Error('the Observatory lists its tests and their outputs differently');
    return { retrieve, tests: ALL_TESTS.map((run, i) => ({ name: ALL_RESULTS[i]!.name, run })), modifier: getScoreModifier };
  })();
  return loaded;
}

/** Scans one path of the server at `baseUrl` (http, loopback), with every test but the TLS pair. */
export async function observatory(baseUrl: string, path: string): Promise<ObservatoryReport> {
  const { retrieve, tests, modifier } = await load();
  const url = new URL(baseUrl);
  const requests = await retrieve(url.hostname, { httpPort: Number(url.port), path });
  const results = tests
    .filter((test) => !tlsTests.includes(test.name))
    .map(({ name, run }) => {
      const { pass, result } = run(requests);
      return { name, pass: pass === true, result: result ?? '', modifier: modifier(result ?? '') };
    });
  return { status: requests.responses.auto?.status, score: 100 + results.reduce((sum, test) => sum + test.modifier, 0), tests: results };
}
