import type { ElementContent } from 'hast';

/**
 * Option names (`layer.appearance.reduceMotion`) are long words to a
 * browser: in a narrow column it broke them anywhere (`reduceMotio` / `n`).
 * A `<wbr>` after each dot inside a name lets a line break there, and only
 * there; the text, find in page and copy are unchanged.
 */
const afterInnerDot = /(?<=\w\.)(?=\w)/;

/** `text` cut where a `<wbr>` goes: after each dot inside a dotted name. */
export const nameParts = (text: string): string[] => text.split(afterInnerDot);

/** `text` as hast: text nodes with a `<wbr>` after each dot inside a dotted name. */
export function nameBreaks(text: string): ElementContent[] {
  return nameParts(text).flatMap((part, index): ElementContent[] =>
    index === 0 ? [{ type: 'text', value: part }] : [{ type: 'element', tagName: 'wbr', properties: {}, children: [] }, { type: 'text', value: part }],
  );
}
