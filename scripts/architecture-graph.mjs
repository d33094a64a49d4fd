// The graph of the code's folders that ARCHITECTURE.md shows ("Levels"), drawn
// from the imports by dependency-cruiser with the lint step's rules
// (.dependency-cruiser.cjs): each folder of lib/ (and app, components, the
// top-level files) one node, an arrow where one imports the other. An arrow
// implied by two others (a → b → c makes a → c) is left out, so the drawing
// reads as levels; dependency-cruiser's own reporters draw every arrow, which
// for this code is over a hundred.
//
//   node scripts/architecture-graph.mjs           write the graph into ARCHITECTURE.md
//   node scripts/architecture-graph.mjs --check   fail when ARCHITECTURE.md's graph is not the code's (the lint step)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractTsConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = fileURLToPath(new URL('..', import.meta.url));
process.chdir(root);
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs'));
const document = 'ARCHITECTURE.md';
const begin = '```mermaid\n';
const marker = '%% drawn by scripts/architecture-graph.mjs from the imports; `npm run graph` draws it again\n';

/** The folder a module belongs to: `lib/<folder>`, or the top-level file or folder. */
const folderOf = (file) => {
  const parts = file.split('/');
  if (parts[0] === 'lib' && parts.length > 2) return `lib/${parts[1]}`;
  return parts[0] === 'lib' ? file : parts[0];
};

async function edges() {
  const result = await cruise(
    ['lib', 'app', 'components', 'proxy.ts', 'instrumentation.ts'],
    { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, includeOnly: '^(lib|app|components)/|^(proxy|instrumentation)\\.ts$', outputType: 'json' },
    undefined,
    { tsConfig: extractTsConfig('tsconfig.json') },
  );
  const modules = JSON.parse(result.output).modules;
  const graph = new Map();
  for (const entry of modules) {
    const from = folderOf(entry.source);
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of entry.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to !== from && !dependency.coreModule && !dependency.couldNotResolve && !/node_modules/.test(dependency.resolved)) graph.get(from).add(to);
    }
  }
  return graph;
}

/** The transitive reduction of an acyclic graph: the arrows no longer path implies. */
function reduce(graph) {
  const reach = new Map();
  const reachable = (node) => {
    if (reach.has(node)) return reach.get(node);
    const found = new Set();
    reach.set(node, found);
    for (const next of graph.get(node) ?? []) {
      found.add(next);
      for (const further of reachable(next)) found.add(further);
    }
    return found;
  };
  const reduced = new Map();
  for (const [node, targets] of graph) {
    reduced.set(node, [...targets].filter((target) => ![...targets].some((other) => other !== target && reachable(other).has(target))).sort());
  }
  return reduced;
}

function mermaid(graph) {
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flat()])].sort();
  const id = (node) => `n${nodes.indexOf(node)}`;
  const lines = ['flowchart TD'];
  for (const node of nodes) lines.push(`  ${id(node)}["${node}"]`);
  for (const [node, targets] of [...graph].sort(([a], [b]) => (a < b ? -1 : 1))) for (const target of targets) lines.push(`  ${id(node)} --> ${id(target)}`);
  return `${begin}${marker}${lines.join('\n')}\n\`\`\``;
}

const drawn = mermaid(reduce(await edges()));
const text = readFileSync(document, 'utf8');
const at = text.indexOf(`${begin}${marker}`);
const end = at < 0 ? -1 : text.indexOf('```', at + begin.length) + 3;
if (process.argv.includes('--check')) {
  if (at < 0 || text.slice(at, end) !== drawn) {
    console.error(`${document}'s graph of the folders is not the code's: run \`npm run graph\` and commit ${document}.`);
    process.exit(1);
  }
  console.log(`${document}'s graph of the folders matches the imports.`);
} else if (at < 0) {
  console.log(drawn);
  console.error(`(no graph in ${document} yet: put the block above where it belongs)`);
} else {
  writeFileSync(document, text.slice(0, at) + drawn + text.slice(end));
  console.log(`${document}: graph of the folders drawn again.`);
}
