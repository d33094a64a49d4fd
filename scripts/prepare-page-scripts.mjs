// `npm run build` (after `next build`): makes every prerendered page ready
// for a Content-Security-Policy without 'unsafe-inline' scripts, the pages
// staying the static files `next build` wrote (lib/framework/page-scripts.ts:
// Next's per-page payload scripts become data that one small script of the
// site runs). Then writes the hash sources of the inline scripts the pages
// still run, the same few on every page, to <distDir>/page-script-hashes.json,
// which the server reads at start (instrumentation.ts), and adds the page
// policy to the build's routes manifest, from which `next start` and a host
// that serves the build itself take the headers of every path. Runs on the
// `node` devDependency (Node 24, first on PATH for npm scripts) for its type
// stripping. Each page is made to paint when its document arrives: its
// script files asked for after the first paint (lib/framework/scripts-after-paint.ts),
// the rules it uses inline and the stylesheet no longer holding the paint
// (lib/framework/page-styles.ts), and those script files given V8's compile
// hint; PAGE_FIRST_PAINT=next leaves all three as Next wrote them, to
// measure the two side by side
// (docs/decisions/0012-first-paint-in-one-round-trip.md). Running it twice
// changes nothing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.resolve(root, process.env.NEXT_DIST_DIR || '.next');
const { preparePage, hashSource, PageScriptsError } = await import('../lib/framework/page-scripts.ts');
const { pagePolicy } = await import('../lib/http/security-headers.mjs');
const { pageScriptHashesFile } = await import('../lib/framework/page-script-hashes.ts');
const { createPageStyles, PageStylesError } = await import('../lib/framework/page-styles.ts');
const { scriptsAfterPaint, withCompileHint } = await import('../lib/framework/scripts-after-paint.ts');
if (!['next', 'one-round-trip', undefined].includes(process.env.PAGE_FIRST_PAINT)) {
  console.error(`prepare-page-scripts: PAGE_FIRST_PAINT is "one-round-trip" (the default) or "next", not ${JSON.stringify(process.env.PAGE_FIRST_PAINT)}`);
  process.exit(1);
}
const oneRoundTrip = process.env.PAGE_FIRST_PAINT !== 'next';
// Next's stylesheets by their public path, from the build's static folder.
const pageStyles = createPageStyles((href) => readFileSync(path.join(distDir, 'static', href.slice('/_next/static/'.length)), 'utf8'));

/** @param {string} dir @returns {string[]} */
function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.isFile() && entry.name.endsWith('.html') ? [file] : [];
  });
}

const appDir = path.join(distDir, 'server', 'app');
const files = htmlFiles(appDir).sort();
if (files.length === 0) {
  console.error(`prepare-page-scripts: no prerendered pages under ${path.relative(root, appDir)}: run \`next build\` first`);
  process.exit(1);
}

/** @type {Map<string, { text: string, pages: number }>} */
const scripts = new Map();
let changed = 0;
let before = 0;
let after = 0;
let inlined = 0;
/** Script files pages add after their paint, by public path. */
const afterPaintFiles = new Set();
for (const file of files) {
  const page = path.relative(appDir, file);
  const html = readFileSync(file, 'utf8');
  let prepared;
  try {
    prepared = preparePage(html, page);
    if (oneRoundTrip) {
      const deferred = scriptsAfterPaint(prepared.html);
      const styled = await pageStyles.split(deferred.html, page);
      prepared = { html: styled.html, inlineScripts: [...prepared.inlineScripts, ...deferred.inlineScripts] };
      for (const file of deferred.files) afterPaintFiles.add(file);
      inlined += styled.inlinedBytes;
    }
  } catch (error) {
    if (!(error instanceof PageScriptsError) && !(error instanceof PageStylesError)) throw error;
    console.error(`prepare-page-scripts: ${error.message}`);
    process.exit(1);
  }
  before += Buffer.byteLength(html);
  after += Buffer.byteLength(prepared.html);
  if (prepared.html !== html) {
    writeFileSync(file, prepared.html);
    changed++;
  }
  for (const text of new Set(prepared.inlineScripts)) {
    const source = hashSource(text);
    const known = scripts.get(source) ?? { text, pages: 0 };
    known.pages++;
    scripts.set(source, known);
  }
}

// Every function of a file a page adds after its paint runs as the page hydrates: compiled whole, off the main thread.
let hinted = 0;
for (const file of afterPaintFiles) {
  const staticFile = path.join(distDir, 'static', file.slice('/_next/static/'.length));
  const source = readFileSync(staticFile, 'utf8');
  const withHint = withCompileHint(source);
  if (withHint !== source) {
    writeFileSync(staticFile, withHint);
    hinted++;
  }
}

const scriptSources = [...scripts.keys()].sort();
writeFileSync(path.join(distDir, pageScriptHashesFile), `${JSON.stringify({ scriptSources }, null, 2)}\n`);

// The page policy on every path of the routes manifest (next.config.mjs's `/:path*` rule), in place of any earlier one.
const manifestFile = path.join(distDir, 'routes-manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const everyPath = manifest.headers?.find((rule) => rule.source === '/:path*');
if (!everyPath) {
  console.error('prepare-page-scripts: the routes manifest has no `/:path*` header rule (next.config.mjs headers)');
  process.exit(1);
}
const policy = pagePolicy(scriptSources);
everyPath.headers = [...everyPath.headers.filter((header) => header.key.toLowerCase() !== 'content-security-policy'), { key: 'Content-Security-Policy', value: policy }];
writeFileSync(manifestFile, JSON.stringify(manifest));

console.log(
  `prepare-page-scripts: ${files.length} prerendered pages (${changed} changed, ${before} → ${after} bytes); ` +
    `${scriptSources.length} inline scripts allowed by hash; the policy is ${policy.length} bytes; ` +
    (oneRoundTrip
      ? `scripts after the first paint (${afterPaintFiles.size} files, ${hinted} newly given the compile hint), styles split (${inlined} bytes of rules inline in all)`
      : 'scripts and styles as Next wrote them'),
);
for (const [source, { text, pages }] of scripts) console.log(`  ${source} on ${pages} pages: ${JSON.stringify(text.slice(0, 60))}…`);
