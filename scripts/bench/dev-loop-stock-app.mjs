// Case (j)'s stock app: the template `npm create fumadocs-app` makes, re-pinned to the versions this site runs,
// installed once under the temporary directory and copied per run so two runs at once never share a folder.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { baseEnv, repoRoot, scratchDirs, SetupError } from './processes.mjs';

export const creator = 'create-fumadocs-app@16.2.2';
const creatorArgs = ['--template', '+next+fuma-docs-mdx', '--search', 'orama', '--og-image', 'next-og', '--linter', 'eslint', '--pm', 'npm', '--no-git', '--no-install', '-y'];
// The site's versions: later fumadocs-core needs `zbsearch@^4.0.1` and fumadocs-mdx 15.4 a yuku-analyzer build, both
// missing from the registry here; fumadocs-ui 16.15.13 stands in for the template's @fumadocs/base-ui alias (≤ 16.15.11 here).
const stockPins = {
  dependencies: { 'fumadocs-core': '16.15.13', 'fumadocs-ui': '16.15.13', 'fumadocs-mdx': '15.2.3', next: '16.4.5', react: '19.3.1', 'react-dom': '19.3.1' },
  // TypeScript as this site has it (Next checks its setup at start); the linter is not part of the dev loop, so
  // eslint is not installed.
  devDependencies: { typescript: '6.0.3', '@types/node': '^20.19.0' },
  overrides: { 'yuku-analyzer': '0.8.3' },
};

/**
 * Fumadocs UI's own MDX components; every other element name the site's MDX uses becomes a stub rendering its
 * children, so the stock app compiles the same files without the site's remark plugins.
 */
const fumadocsUi = {
  accordion: ['Accordion', 'Accordions'],
  banner: ['Banner'],
  files: ['File', 'Files', 'Folder'],
  'image-zoom': ['ImageZoom'],
  steps: ['Step', 'Steps'],
  tabs: ['Tab', 'Tabs'],
  'type-table': ['TypeTable'],
};
/** In fumadocs-ui/mdx's defaultMdxComponents. */
const fumadocsDefaults = ['Card', 'Cards', 'Callout', 'CodeBlock', 'CodeBlockTab', 'CodeBlockTabs', 'CodeBlockTabsList', 'CodeBlockTabsTrigger'];

function mdxComponentsSource(names) {
  const provided = new Set([...Object.values(fumadocsUi).flat(), ...fumadocsDefaults]);
  const stubs = names.filter((name) => !provided.has(name));
  return `// Written by scripts/bench/dev-loop.mjs: the template's components plus Fumadocs UI's own (imported as its docs
// show). Names of the site's own MDX elements (expanded by the site's remark plugins, which this app does not have)
// are stubs that render their children, so the same MDX compiles and renders here.
import defaultMdxComponents from 'fumadocs-ui/mdx';
${Object.entries(fumadocsUi).map(([file, exported]) => `import { ${exported.join(', ')} } from 'fumadocs-ui/components/${file}';`).join('\n')}
import type { MDXComponents } from 'mdx/types';
import type { ReactNode } from 'react';

function Stub({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}

const stubs = { ${stubs.map((name) => `${name}: Stub`).join(', ')} };

export function getMDXComponents(components?: MDXComponents) {
  return {
    ...stubs,
    ...defaultMdxComponents,
    ${Object.values(fumadocsUi).flat().join(', ')},
    ...components,
  } satisfies MDXComponents;
}

export const useMDXComponents = getMDXComponents;

declare global {
  type MDXProvidedComponents = ReturnType<typeof getMDXComponents>;
}
`;
}

/** Capitalised element names in the MDX under `folder` (a few are in code samples; a stub too many is harmless). */
function elementNames(folder) {
  const names = new Set();
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.mdx')) continue;
    for (const match of readFileSync(path.join(entry.parentPath ?? entry.path, entry.name), 'utf8').matchAll(/<([A-Z][A-Za-z0-9]*)/g)) names.add(match[1]);
  }
  return [...names].sort();
}

/** A setup step that must succeed (a SetupError with the end of its output otherwise). */
export function runStep(command, args, cwd, what) {
  const result = spawnSync(command, args, { cwd, env: { ...baseEnv(), NEXT_TELEMETRY_DISABLED: '1' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new SetupError(`${what} failed (${[command, ...args].join(' ')} in ${cwd}):\n${`${result.stdout}${result.stderr}`.slice(-4000)}`);
}

/** next/font/google downloads its font when the page compiles, and this machine is offline: the stock layout goes without. */
function dropGoogleFont(file) {
  let source = readFileSync(file, 'utf8');
  const font = /import\s*\{\s*(\w+)\s*\}\s*from\s*['"]next\/font\/google['"];?\n/.exec(source);
  if (font) {
    source = source.replace(font[0], '');
    let variable;
    source = source.replace(new RegExp(`const\\s+(\\w+)\\s*=\\s*${font[1]}\\([\\s\\S]*?\\);\\n`), (_whole, name) => ((variable = name), ''));
    if (variable) source = source.replace(new RegExp(`\\s*className=\\{${variable}\\.className\\}`), '');
  }
  if (/next\/font\/google|\.className\}/.test(source)) throw new SetupError(`could not remove the Google font from ${file}`);
  writeFileSync(file, source);
}

/**
 * The stock app, installed once per version key, and a fresh copy of it for this run (node_modules hard-linked):
 * `next dev` refuses to start a second server in a folder that two runs at once would share.
 */
export function prepareStock(log = console.log) {
  const key = createHash('sha256').update(JSON.stringify({ creator, creatorArgs, stockPins, node: process.versions.modules })).digest('hex').slice(0, 12);
  const root = path.join(tmpdir(), `layer-devloop-stock-${key}`);
  const dir = path.join(root, 'app');
  const ready = path.join(root, 'installed');
  if (existsSync(ready)) {
    log(`(j) stock app: ${dir} (installed by an earlier run)`);
  } else {
    log(`(j) stock app: generating with ${creator} and installing into ${dir} (kept for later runs)…`);
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    runStep('npx', ['-y', creator, 'app', ...creatorArgs], root, creator);
    const manifestFile = path.join(dir, 'package.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    Object.assign(manifest.dependencies, stockPins.dependencies);
    for (const name of ['eslint', 'eslint-config-next']) delete manifest.devDependencies?.[name];
    rmSync(path.join(dir, 'eslint.config.mjs'), { force: true });
    Object.assign(manifest.devDependencies, stockPins.devDependencies);
    manifest.overrides = { ...manifest.overrides, ...stockPins.overrides };
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    dropGoogleFont(path.join(dir, 'app/layout.tsx'));
    runStep('npm', ['install', '--no-audit', '--no-fund'], dir, 'npm install of the stock app');
    writeFileSync(ready, `${new Date().toISOString()}\n`);
  }
  // Cold like ours: no compiled output or generated collections from an earlier run.
  const copy = mkdtempSync(path.join(tmpdir(), 'layer-devloop-stock-run-'));
  scratchDirs.push(copy);
  log(`(j) stock app for this run: a copy in ${copy} (node_modules hard-linked)`);
  for (const entry of readdirSync(dir)) {
    if (!['node_modules', '.next', '.source', 'content'].includes(entry)) cpSync(path.join(dir, entry), path.join(copy, entry), { recursive: true });
  }
  const linked = spawnSync('cp', ['-al', path.join(dir, 'node_modules'), path.join(copy, 'node_modules')], { stdio: 'ignore' });
  if (linked.status !== 0) cpSync(path.join(dir, 'node_modules'), path.join(copy, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  cpSync(path.join(repoRoot, 'content/docs'), path.join(copy, 'content/docs'), { recursive: true });
  writeFileSync(path.join(copy, 'components/mdx.tsx'), mdxComponentsSource(elementNames(path.join(copy, 'content/docs'))));
  const versions = Object.fromEntries(
    ['next', 'fumadocs-core', 'fumadocs-ui', 'fumadocs-mdx'].map((name) => [name, JSON.parse(readFileSync(path.join(copy, 'node_modules', name, 'package.json'), 'utf8')).version]),
  );
  return { dir: copy, versions };
}

/**
 * `<` outside code as text, and images as links: the stock loader compiles `.md` without raw HTML support (a `raw`
 * node stops it), and the twins hold a few `<` in prose and an image served by a route of the site.
 */
function withoutRawHtml(markdown) {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
      if (fenced || /^\s*(```|~~~)/.test(line)) return line;
      return line
        .split(/(`[^`]*`)/)
        // Images as links too: the loader imports an image's file, and the twins name the site's own routes.
        .map((part) => (part.startsWith('`') ? part : part.replace(/</g, '&lt;').replace(/!\[/g, '[')))
        .join('');
    })
    .join('\n');
}

/**
 * The stock app's content as the site renders it (each page's `.md` twin, meta.json as is): with stubs, stock renders
 * `<OptionEntries>` as nothing, so only with this content do both pages hold the same text.
 */
export function expandStockContent(dir, docsData) {
  const content = path.join(dir, 'content/docs');
  rmSync(content, { recursive: true, force: true });
  for (const page of docsData.pages) {
    const file = path.join(content, page.info.path.replace(/\.mdx$/, '.md'));
    mkdirSync(path.dirname(file), { recursive: true });
    const frontmatter = Object.entries(page.frontmatter).map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join('\n');
    writeFileSync(file, `---\n${frontmatter}\n---\n${withoutRawHtml(page.markdown)}\n`);
  }
  cpSync(path.join(repoRoot, 'content/docs'), content, { recursive: true, filter: (source) => !/\.mdx?$/.test(source) });
  rmSync(path.join(dir, '.next'), { recursive: true, force: true });
  rmSync(path.join(dir, '.source'), { recursive: true, force: true });
}
