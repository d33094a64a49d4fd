import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The house rules of lib/: the core and the platform below it depend on no
 * door. lib/core, lib/http and lib/store never import the REST door
 * (lib/endpoints), the agent doors, the docs or the composition root
 * (lib/runtime.ts); and no files of lib/ import each other in a loop.
 */
const root = path.resolve(import.meta.dirname, '../..');
const lowerFloors = ['lib/core', 'lib/http', 'lib/store', 'lib/catalog', 'lib/platform'];
const doors = ['lib/endpoints', 'lib/agents', 'lib/docs', 'lib/docs-build', 'lib/runtime.ts', 'app'];
/**
 * The agent doors (MCP, later A2A) stand on the core alone: they take their
 * services as arguments and never reach the REST door, the docs or the
 * composition root (lib/endpoints/handlers/agents.ts binds the runtime).
 */
const agentDoor = 'lib/agents';
const agentFoundations = [agentDoor, ...lowerFloors, 'lib/routes.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const relative = `${dir}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return /\.(ts|tsx)$/.test(name) ? [relative] : [];
  });
}

const candidates = (base: string) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];

/** The lib/ files a file imports (type imports included: a type is a dependency too). */
function importsOf(file: string, known: Set<string>): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => match[1] ?? match[2]!,
  );
  return specifiers.flatMap((specifier) => {
    let base: string;
    if (specifier.startsWith('@/')) base = specifier.slice(2);
    else if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(file), specifier);
    else return [];
    const found = candidates(base).find((candidate) => known.has(candidate));
    return found ? [found] : [];
  });
}

const files = sourceFiles('lib');
const known = new Set(files);
const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
const isUnder = (file: string, dir: string) => file === dir || file.startsWith(`${dir}/`);

describe('layering of lib/', () => {
  it('keeps lib/core, lib/http, lib/store and lib/catalog free of doors and of the runtime', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      lowerFloors.some((floor) => file.startsWith(`${floor}/`))
        ? imports.filter((target) => doors.some((door) => target === door || target.startsWith(`${door}/`))).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/core free of HTTP: a core failure is a code and a detail, each door renders it', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      isUnder(file, 'lib/core') ? imports.filter((target) => isUnder(target, 'lib/http')).map((target) => `${file} -> ${target}`) : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/platform (clock, log, deadline) at the ground floor: it imports nothing of lib/', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      isUnder(file, 'lib/platform') ? imports.filter((target) => !isUnder(target, 'lib/platform')).map((target) => `${file} -> ${target}`) : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/agents on lib/core, lib/http, lib/store, lib/catalog and lib/routes', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      file.startsWith(`${agentDoor}/`)
        ? imports
            .filter((target) => !agentFoundations.some((floor) => target === floor || target.startsWith(`${floor}/`)))
            .map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/endpoints off lib/docs: the docs stand on the API, not the other way round', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      file.startsWith('lib/endpoints/') ? imports.filter((target) => target.startsWith('lib/docs/')).map((target) => `${file} -> ${target}`) : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps the routing contract to ids, methods, paths and flags: no schemas, no doors', () => {
    // What the proxy and every route load; the schemas and prose are the rows' descriptions (lib/endpoints/descriptions/).
    expect(graph.get('lib/endpoints/contract.ts')).toEqual(['lib/routes.ts']);
    expect(readFileSync(path.join(root, 'lib/endpoints/contract.ts'), 'utf8')).not.toMatch(/from 'zod'/);
  });

  it('has no import circles', () => {
    // Tarjan's strongly connected components; any component of two or more files is a circle.
    let counter = 0;
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, counter);
      low.set(file, counter);
      counter += 1;
      stack.push(file);
      onStack.add(file);
      for (const next of graph.get(file) ?? []) {
        if (!index.has(next)) {
          visit(next);
          low.set(file, Math.min(low.get(file)!, low.get(next)!));
        } else if (onStack.has(next)) {
          low.set(file, Math.min(low.get(file)!, index.get(next)!));
        }
      }
      if (low.get(file) === index.get(file)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== file);
        if (component.length > 1) circles.push(component.sort());
      }
    };
    for (const file of files) if (!index.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  // The discovery documents are pure builders over plain inputs.
  // They read lib/catalog, lib/core and lib/routes and are handed the
  // endpoint and tool tables by lib/endpoints/handlers/discovery.ts; nothing below
  // the doors reads them.
  const discoveryLayer = 'lib/discovery';

  it('keeps lib/discovery free of doors and of the runtime', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      isUnder(file, discoveryLayer) ? imports.filter((target) => doors.some((door) => isUnder(target, door))).map((target) => `${file} -> ${target}`) : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/core, lib/http and lib/store from importing lib/discovery', () => {
    const offences = [...graph].flatMap(([file, imports]) =>
      ['lib/core', 'lib/http', 'lib/store'].some((floor) => isUnder(file, floor))
        ? imports.filter((target) => isUnder(target, discoveryLayer)).map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(offences).toEqual([]);
  });

  it('keeps lib/discovery/dns-records.ts import-free (npm run dns-records runs it on Node\'s type stripping, without the @/ alias)', () => {
    expect(graph.get('lib/discovery/dns-records.ts')).toEqual([]);
    expect(readFileSync(path.join(root, 'lib/discovery/dns-records.ts'), 'utf8')).not.toMatch(/^\s*import\s/m);
  });
});
