import type { Options } from 'hast-util-to-html';

/**
 * How the site writes markup it sets as HTML strings (the sidebar, "On this
 * page"): optional end tags left out, attribute values unquoted where HTML
 * allows, empty attributes bare. The browser parses it as it parses any
 * page, and each docs page carries these strings twice (its HTML and its RSC
 * payload), where the quotes would also be escaped.
 */
export const compactHtml: Options = { omitOptionalTags: true, preferUnquoted: true, collapseEmptyAttributes: true };
