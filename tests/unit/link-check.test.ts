import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allProblemCodes } from '@/lib/http/problem-codes';
import { checkLinks, formatLinkProblems, type LinkProblem } from '@/lib/docs-build/link-check';
import sourceConfig from '@/source.config';

/**
 * The docs' link check (lib/docs-build/link-check.ts, run by scripts/check-links.mjs
 * before `next build`): a fixture docs directory with one broken page link,
 * broken anchors (a heading, an option entry, an in-page one), a broken
 * Card href, a relative link from the index page (it resolves against
 * /docs, as in a browser) and broken meta.json entries, each named with its file, line and
 * link; the links that resolve (routes, twins, problem pages, generated
 * option anchors, element ids, relative links) and external links pass. The
 * real content passes.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixture = join(root, 'tests', 'fixtures', 'link-check', 'docs');

const mdxOptions = sourceConfig.mdxOptions;
if (typeof mdxOptions !== 'object' || mdxOptions.preset === 'minimal') throw new Error('expected the fumadocs preset options');
const remarkPlugins = Array.isArray(mdxOptions.remarkPlugins) ? mdxOptions.remarkPlugins : [];

const check = (contentDir: string) =>
  checkLinks({ root, contentDir, appDir: join(root, 'app'), remarkPlugins, problemCodes: allProblemCodes });

const brief = (problems: LinkProblem[]) => problems.map(({ file, line, link }) => `${file}:${line} ${link}`);

describe('link check', () => {
  it('names each broken link of the fixture with its file, line and link, and nothing else', { timeout: 60_000 }, async () => {
    const problems = await check(fixture);
    expect(brief(problems)).toEqual([
      'tests/fixtures/link-check/docs/guides/broken.mdx:5 /docs/guides/nowhere',
      'tests/fixtures/link-check/docs/guides/broken.mdx:7 /docs/guides/setup#after-you-finish',
      'tests/fixtures/link-check/docs/guides/broken.mdx:7 /docs/options#layer.wallpaper.glow.nothing',
      'tests/fixtures/link-check/docs/guides/broken.mdx:9 #no-such-heading',
      'tests/fixtures/link-check/docs/guides/broken.mdx:11 /docs/gone',
      'tests/fixtures/link-check/docs/index.mdx:13 ./guides/setup',
      'tests/fixtures/link-check/docs/meta.json:7 removed-page',
      'tests/fixtures/link-check/docs/meta.json:9 [Gone](/docs/gone-too)',
    ]);
    const reasons = Object.fromEntries(problems.map((problem) => [problem.link, problem.reason]));
    expect(reasons['/docs/guides/nowhere']).toBe('no page or route has this path');
    expect(reasons['/docs/guides/setup#after-you-finish']).toBe('the page has no anchor with this id');
    expect(reasons['removed-page']).toBe('names no page or folder in tests/fixtures/link-check/docs');
    expect(formatLinkProblems(problems.slice(0, 1))).toBe(
      'tests/fixtures/link-check/docs/guides/broken.mdx:5:3: /docs/guides/nowhere — no page or route has this path',
    );
  });

  it('the real content has no broken link', { timeout: 120_000 }, async () => {
    const problems = await check(join(root, 'content', 'docs'));
    expect(formatLinkProblems(problems)).toBe('');
  });

  it('scripts/check-links.mjs exits 1 on the fixture, printing file, line and link', { timeout: 120_000 }, () => {
    // The script runs on the `node` devDependency (Node 24: type stripping), as `npm run build` runs it.
    const run = spawnSync(join(root, 'node_modules', '.bin', 'node'), ['scripts/check-links.mjs', fixture], { cwd: root, encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toContain('tests/fixtures/link-check/docs/guides/broken.mdx:5:3: /docs/guides/nowhere — no page or route has this path');
    expect(run.stderr).toContain('8 broken links in the docs.');
  });
});
