import type { Element } from 'hast';

/**
 * The site's icons as shapes: Lucide's (ISC licence; lucide-react 1.75.0).
 * Data only, so both the React components that draw them
 * (components/icons.tsx) and the HTML the server writes outside React (the
 * sidebar, lib/docs/page-tree-html.ts) read one copy.
 */
export type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

// Every icon's `<svg>` attributes, in React's names (which hast-util-to-html also finds).
export const svgAttributes = {
  xmlns: 'http://www.w3.org/2000/svg',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': 'true',
  focusable: 'false',
} as const;

export const iconShapes = {
  search: [
  ["path", { d: "m21 21-4.34-4.34" }],
  ["circle", { cx: "11", cy: "11", r: "8" }],
],
  copy: [
  ["rect", { width: "14", height: "14", x: "8", y: "8", rx: "2", ry: "2" }],
  ["path", { d: "M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2" }],
],
  check: [
  ["path", { d: "M20 6 9 17l-5-5" }],
],
  chevronRight: [
  ["path", { d: "m9 18 6-6-6-6" }],
],
  chevronDown: [
  ["path", { d: "m6 9 6 6 6-6" }],
],
  hash: [
  ["line", { "x1": "4", "x2": "20", "y1": "9", "y2": "9" }],
  ["line", { "x1": "4", "x2": "20", "y1": "15", "y2": "15" }],
  ["line", { "x1": "10", "x2": "8", "y1": "3", "y2": "21" }],
  ["line", { "x1": "16", "x2": "14", "y1": "3", "y2": "21" }],
],
  text: [
  ["path", { d: "M21 5H3" }],
  ["path", { d: "M15 12H3" }],
  ["path", { d: "M17 19H3" }],
],
  arrowLeft: [
  ["path", { d: "m12 19-7-7 7-7" }],
  ["path", { d: "M19 12H5" }],
],
  arrowRight: [
  ["path", { d: "M5 12h14" }],
  ["path", { d: "m12 5 7 7-7 7" }],
],
  menu: [
  ["path", { d: "M4 5h16" }],
  ["path", { d: "M4 12h16" }],
  ["path", { d: "M4 19h16" }],
],
  fileText: [
  ["path", { d: "M6 22a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h8a2.4 2.4 0 0 1 1.704.706l3.588 3.588A2.4 2.4 0 0 1 20 8v12a2 2 0 0 1-2 2z" }],
  ["path", { d: "M14 2v5a1 1 0 0 0 1 1h5" }],
  ["path", { d: "M10 9H8" }],
  ["path", { d: "M16 13H8" }],
  ["path", { d: "M16 17H8" }],
],
  squarePen: [
  ["path", { d: "M12 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2v-7" }],
  ["path", { d: "M18.375 2.625a1 1 0 0 1 3 3l-9.013 9.014a2 2 0 0 1-.853.505l-2.873.84a.5.5 0 0 1-.62-.62l.84-2.873a2 2 0 0 1 .506-.852z" }],
],
  sun: [
  ["circle", { cx: "12", cy: "12", r: "4" }],
  ["path", { d: "M12 2v2" }],
  ["path", { d: "M12 20v2" }],
  ["path", { d: "m4.93 4.93 1.41 1.41" }],
  ["path", { d: "m17.66 17.66 1.41 1.41" }],
  ["path", { d: "M2 12h2" }],
  ["path", { d: "M20 12h2" }],
  ["path", { d: "m6.34 17.66-1.41 1.41" }],
  ["path", { d: "m19.07 4.93-1.41 1.41" }],
],
  moon: [
  ["path", { d: "M20.985 12.486a9 9 0 1 1-9.473-9.472c.405-.022.617.46.402.803a6 6 0 0 0 8.268 8.268c.344-.215.825-.004.803.401" }],
],
  monitor: [
  ["rect", { width: "20", height: "14", x: "2", y: "3", rx: "2" }],
  ["line", { x1: "8", x2: "16", y1: "21", y2: "21" }],
  ["line", { x1: "12", x2: "12", y1: "17", y2: "21" }],
],
  bookOpen: [
  ["path", { d: "M12 5v16" }],
  ["path", { d: "M20.001 19A2 2 0 0022 17V5a2 2 0 00-1.999-2L16 3.002A5 5 0 0012 5a5 5 0 00-4-2H4a2 2 0 00-2 2v12a2 2 0 001.999 2H8a5 5 0 014 2 5 5 0 014-2z" }],
],
  braces: [
  ["path", { d: "M8 3H7a2 2 0 0 0-2 2v5a2 2 0 0 1-2 2 2 2 0 0 1 2 2v5c0 1.1.9 2 2 2h1" }],
  ["path", { d: "M16 21h1a2 2 0 0 0 2-2v-5c0-1.1.9-2 2-2a2 2 0 0 1-2-2V5a2 2 0 0 0-2-2h-1" }],
],
  download: [
  ["path", { d: "M12 15V3" }],
  ["path", { d: "M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" }],
  ["path", { d: "m7 10 5 5 5-5" }],
],
  layoutGrid: [
  ["rect", { width: "7", height: "7", x: "3", y: "3", rx: "1" }],
  ["rect", { width: "7", height: "7", x: "14", y: "3", rx: "1" }],
  ["rect", { width: "7", height: "7", x: "14", y: "14", rx: "1" }],
  ["rect", { width: "7", height: "7", x: "3", y: "14", rx: "1" }],
],
  terminal: [
  ["path", { d: "M12 19h8" }],
  ["path", { d: "m4 17 6-6-6-6" }],
],
  bot: [
  ["path", { d: "M12 8V4H8" }],
  ["rect", { width: "16", height: "12", x: "4", y: "8", rx: "2" }],
  ["path", { d: "M2 14h2" }],
  ["path", { d: "M20 14h2" }],
  ["path", { d: "M15 13v2" }],
  ["path", { d: "M9 13v2" }],
],
  plug: [
  ["path", { d: "M12 22v-5" }],
  ["path", { d: "M15 8V2" }],
  ["path", { d: "M17 8a1 1 0 0 1 1 1v4a4 4 0 0 1-4 4h-4a4 4 0 0 1-4-4V9a1 1 0 0 1 1-1z" }],
  ["path", { d: "M9 8V2" }],
],
} satisfies Record<string, IconNode>;

/** Page-tree icons by the name a meta.json gives (`"icon": "LayoutGrid"`). */
export const treeIconShapes: Readonly<Record<string, IconNode>> = {
  LayoutGrid: iconShapes.layoutGrid,
  Braces: iconShapes.braces,
  Bot: iconShapes.bot,
  BookOpen: iconShapes.bookOpen,
  Terminal: iconShapes.terminal,
  Download: iconShapes.download,
};

/** The icon as an HTML element (hast), drawn as its component draws it with no props. */
export function iconElement(shape: IconNode): Element {
  return {
    type: 'element',
    tagName: 'svg',
    properties: { ...svgAttributes },
    children: shape.map(([tagName, attributes]) => ({ type: 'element', tagName, properties: { ...attributes }, children: [] })),
  };
}
