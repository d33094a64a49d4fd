import { describe, expect, it } from 'vitest';
import { jsxOutsideCode, needlessHeadingEscapes, shortTableRows } from '../helpers/markdown-lint';

/** The checks the real-server suite runs over every twin (tests/server/text-views.test.ts) find the faults they are for. */
describe('markdown lint of the text views', () => {
  it('finds a component tag or an expression attribute outside code, not inside it', () => {
    expect(jsxOutsideCode('Anything marked <Mark kind="host-only">Host-only</Mark> stays.')).toEqual(['line 1: <Mark kind="host-only">']);
    expect(jsxOutsideCode('<div data={x}>a</div>\n')).toHaveLength(1);
    expect(jsxOutsideCode('`<Mark kind="x">` and\n\n```mdx\n<Tabs items={[1]}>\n```\n\nA <kbd>key</kbd>.')).toEqual([]);
  });

  it('finds a backslash a heading does not need, and keeps one that stops a tag', () => {
    expect(needlessHeadingEscapes('### layer.wallpaper.glow\\.enable [#layer.wallpaper.glow.enable]')).toHaveLength(1);
    expect(needlessHeadingEscapes('## /v1/jobs/\\{id} [#v1-jobs-id]')).toHaveLength(1);
    expect(needlessHeadingEscapes('### layer.displays.\\<name>.uiScale')).toEqual([]);
    expect(needlessHeadingEscapes('## /v1/jobs/{id}\n\nText \\{ here.')).toEqual([]);
  });

  it('finds a row shorter than its header', () => {
    const table = '| Limit | Value | Applies to |\n|---|---|---|\nLimits marked *this site\'s* are the site\'s own choice.\n';
    expect(shortTableRows(table)).toEqual(['line 3: 1 of 3 cells']);
    expect(shortTableRows('| a | b |\n|---|---|\n| 1 | 2 |\n')).toEqual([]);
  });
});
