import type { Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { nameBreaks } from '@/lib/docs/name-breaks';
import rehypeNameBreaks from '@/lib/docs-build/rehype-name-breaks';

/** Option names may break only after a dot (lib/docs/name-breaks.ts), in headings and "On this page". */
describe('name breaks', () => {
  it('puts a <wbr> after each dot inside a dotted name, and nowhere else', () => {
    expect(toHtml(nameBreaks('layer.appearance.reduceMotion'))).toBe('layer.<wbr>appearance.<wbr>reduceMotion');
    expect(toHtml(nameBreaks('Install the layer. Then rebuild.'))).toBe('Install the layer. Then rebuild.');
    expect(toHtml(nameBreaks('closeViewScrollWheelToggle'))).toBe('closeViewScrollWheelToggle');
  });

  it("breaks a heading's names, inside its link too, and leaves other text alone", () => {
    const tree: Root = {
      type: 'root',
      children: [
        { type: 'element', tagName: 'h3', properties: { id: 'layer.theme.flavor' }, children: [{ type: 'element', tagName: 'a', properties: {}, children: [{ type: 'text', value: 'layer.theme.flavor' }] }] },
        { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'text', value: 'See layer.theme.flavor.' }] },
      ],
    };
    rehypeNameBreaks()(tree);
    expect(toHtml(tree)).toBe('<h3 id="layer.theme.flavor"><a>layer.<wbr>theme.<wbr>flavor</a></h3><p>See layer.theme.flavor.</p>');
  });
});
