// `npm run check-links [content dir]`, and the first step of `npm run build`: every link
// of the docs (content/docs, its MDX and its meta.json files) must name a
// page or route of the site, and an anchor on that page; links to other
// sites are not checked. A broken link prints `file:line:column: link —
// reason` and exits 1, so the build stops. The check itself is
// lib/docs-build/link-check.ts (next-validate-link), loaded with the type
// stripping of the `node` devDependency (Node 24, which npm puts first on
// PATH for npm scripts), as scripts/dns-records.mjs does.
//
// The site's remark plugins come from source.config.ts as Fumadocs MDX
// bundles it (`fumadocs-mdx`'s postInstall writes .source/source.config.mjs),
// so the anchors are the ones the build makes, the generated option entries
// included.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { postInstall } from 'fumadocs-mdx/next';

const root = fileURLToPath(new URL('..', import.meta.url));

// scripts/build.mjs writes .source once before it starts this script and the index side by side.
if (process.env.SVC_SOURCE_WRITTEN !== '1') await postInstall();
const [config, { checkLinks, formatLinkProblems }, { allErrorCodes }] = await Promise.all([
  import(pathToFileURL(path.join(root, '.source', 'source.config.mjs')).href),
  import('../lib/docs-build/link-check.ts'),
  import('../lib/core/error-codes.ts'),
]);

const mdxOptions = config.default.mdxOptions;
const problems = await checkLinks({
  root,
  // Another directory only for the tests' fixtures.
  contentDir: path.resolve(process.argv[2] ?? path.join(root, 'content', 'docs')),
  appDir: path.join(root, 'app'),
  remarkPlugins: mdxOptions?.remarkPlugins ?? [],
  problemCodes: allErrorCodes,
});

if (problems.length > 0) {
  console.error(`${formatLinkProblems(problems)}\n\n${problems.length} broken link${problems.length === 1 ? '' : 's'} in the docs.`);
  process.exit(1);
}
console.log('check-links: every docs link resolves.');
