import type { SVGProps } from 'react';
import { iconShapes, svgAttributes, type IconNode } from '@/lib/docs/icon-shapes';

/**
 * The site's icons: Lucide's shapes (lib/docs/icon-shapes.ts), drawn by a
 * plain function component. lucide-react's own components go through its
 * `Icon`, a client component ("use client"), so every icon a server
 * component rendered became a client reference: its code in every page's
 * JavaScript and one more component to hydrate per icon.
 */
type IconComponent = (props: Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>) => React.JSX.Element;

// Shapes' attribute values are path data and numbers; escaped all the same, as HTML's serialisation does (WHATWG
// HTML 13.3). By hand, not with hast-util-to-html: client components draw icons too, and that library would ride along.
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '"': '&quot;' };
const attributeValue = (value: string) => value.replace(/[&<"]/g, (char) => escapes[char]!);

/**
 * An icon's shape as markup, written once when the module loads and set as
 * the `<svg>`'s content. As child elements, every icon on a page was three
 * to five more elements through each render and the page's payload; under
 * `next dev` React keeps a stack for each element a server component makes,
 * and the icons made many of a docs page's elements.
 */
const shapeMarkup = (shape: IconNode) =>
  shape
    .map(([tag, attributes]) => `<${tag}${Object.entries(attributes).map(([name, value]) => ` ${name}="${attributeValue(value)}"`).join('')}></${tag}>`)
    .join('');

function icon(shape: IconNode): IconComponent {
  const markup = { __html: shapeMarkup(shape) };
  function Icon(props: Omit<SVGProps<SVGSVGElement>, 'children' | 'dangerouslySetInnerHTML'>) {
    return <svg {...svgAttributes} {...props} dangerouslySetInnerHTML={markup} />;
  }
  return Icon;
}

export const SearchIcon = icon(iconShapes.search);
export const CopyIcon = icon(iconShapes.copy);
export const CheckIcon = icon(iconShapes.check);
export const ChevronRightIcon = icon(iconShapes.chevronRight);
export const ChevronDownIcon = icon(iconShapes.chevronDown);
export const HashIcon = icon(iconShapes.hash);
export const TextIcon = icon(iconShapes.text);
export const ArrowLeftIcon = icon(iconShapes.arrowLeft);
export const ArrowRightIcon = icon(iconShapes.arrowRight);
export const MenuIcon = icon(iconShapes.menu);
export const FileTextIcon = icon(iconShapes.fileText);
export const SquarePenIcon = icon(iconShapes.squarePen);
export const SunIcon = icon(iconShapes.sun);
export const MoonIcon = icon(iconShapes.moon);
export const MonitorIcon = icon(iconShapes.monitor);
export const BookOpenIcon = icon(iconShapes.bookOpen);
export const BracesIcon = icon(iconShapes.braces);
export const DownloadIcon = icon(iconShapes.download);
export const LayoutGridIcon = icon(iconShapes.layoutGrid);
export const TerminalIcon = icon(iconShapes.terminal);
export const BotIcon = icon(iconShapes.bot);
export const PlugIcon = icon(iconShapes.plug);
