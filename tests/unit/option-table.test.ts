import type { Element, ElementContent } from 'hast';
import type { Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';
import { rooms } from '@/lib/catalog';
import { options, optionUrl } from '@/lib/catalog/options';
import { markDescriptions, optionMarkLabels, type MarkKind } from '@/lib/docs/option-marks';
import { optionCount, optionRows, optionRowsHtml, optionTableHeader } from '@/lib/docs/option-table';
import remarkCatalog from '@/lib/docs-build/remark-catalog';

// The option browser's rows: the page's HTML string (lib/docs/option-table.ts)
// and remark-catalog's GFM table (the .md twin) carry the same cells.
const rows = optionRows;
const toText = (node: ElementContent): string => (node.type === 'text' ? node.value : node.type === 'element' ? node.children.map(toText).join('') : '');

function gfmTable(): Table {
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkCatalog, { origin: 'https://example.test' });
  const file = new VFile({ value: '<OptionTable />', path: 'options.mdx' });
  const tree = processor.runSync(processor.parse(file), file) as Root;
  const table = tree.children.find((node): node is Table => node.type === 'table');
  if (!table) throw new Error('no table');
  return table;
}

describe('the option table', () => {
  it('has one body row per option, in the reference order, with the filters\' attributes', () => {
    const body = rows();
    expect(body).toHaveLength(optionCount);
    expect(optionCount).toBe(options.length);
    body.forEach((row, index) => {
      const option = options[index]!;
      expect(row.properties.dataOptionRow).toBe('');
      expect(row.properties.dataRoom).toBe(option.room);
      expect(rooms.map((room) => room.id)).toContain(option.room);
      expect('dataHostOnly' in row.properties).toBe(option.hostOnly);
      expect('dataPerKey' in row.properties).toBe(option.desktopSafePerKey);
      const link = (row.children[0] as Element).children[0] as Element;
      expect(link.tagName).toBe('a');
      expect(link.properties.href).toBe(optionUrl(option));
      expect((link.children[0] as Element).tagName).toBe('code');
    });
  });

  it('the page\'s rows and the markdown twin\'s table say the same, cell by cell', () => {
    const table = gfmTable();
    expect(table.children[0]!.children.map((cell) => toString(cell))).toEqual(optionTableHeader);
    const markdownCells = table.children.slice(1).map((row) => row.children.map((cell) => toString(cell)));
    const htmlCells = rows().map((row) => row.children.filter((cell): cell is Element => cell.type === 'element').map((cell) => toText(cell)));
    expect(htmlCells).toEqual(markdownCells);
  });

  it('is those rows serialised, escaped: no raw markup from the reference reaches the page', () => {
    expect(optionRowsHtml()).toMatch(/^<tr data-option-row="" data-room="/);
    expect(optionRowsHtml().match(/<tr /g)).toHaveLength(optionCount);
    // Besides the cells' own markup, only the names' <wbr> and the marks' badges.
    const badge = /<span class="mark" data-mark="(host-only|desktop-safe-per-key)" title="[^"<>]+">(Host-only|Desktop-safe per key)<\/span>/g;
    expect(optionRowsHtml().replace(badge, '').replaceAll('<wbr>', '')).not.toMatch(/<(?!\/?(tr|td|a|code|strong)\b)/);
    expect(optionRowsHtml()).toContain('<td>positive integer (>0), seconds</td>');
    expect(optionRowsHtml()).toContain('href="/docs/rooms/displays#layer.displays.%3Cname%3E.arrangement"');
  });

  it('lets a name break only after a dot: a <wbr> follows each dot, and nothing else splits it', () => {
    rows().forEach((row, index) => {
      const code = ((row.children[0] as Element).children[0] as Element).children[0] as Element;
      const pieces = code.children.map((node) => (node.type === 'element' ? `<${node.tagName}>` : toText(node)));
      const expected = options[index]!.name.split(/(?<=\.)/).join('\n<wbr>\n').split('\n');
      expect(pieces).toEqual(expected);
    });
  });

  it('writes each mark as the room pages\' badge: `.mark` with its kind and its meaning on hover', () => {
    rows().forEach((row, index) => {
      const option = options[index]!;
      const badges = (row.children[4] as Element).children.filter((node): node is Element => node.type === 'element');
      const expected: { kind: MarkKind; label: string }[] = [
        ...(option.hostOnly ? [{ kind: 'host-only' as const, label: optionMarkLabels.hostOnly }] : []),
        ...(option.desktopSafePerKey ? [{ kind: 'desktop-safe-per-key' as const, label: optionMarkLabels.desktopSafePerKey }] : []),
      ];
      expect(badges.map((badge) => [badge.tagName, badge.properties.className, badge.properties.dataMark, badge.properties.title, toText(badge)])).toEqual(
        expected.map((mark) => ['span', ['mark'], mark.kind, markDescriptions[mark.kind], mark.label]),
      );
    });
    expect(options.some((option) => option.hostOnly)).toBe(true);
  });
});
