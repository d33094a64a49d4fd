/**
 * The headers a browser reads to protect a reader, beside `nosniff`: what
 * every HTML answer (pages, the 404 page, problem pages) and every other
 * answer (JSON, markdown, text, images) carries. Plain JavaScript:
 * next.config.mjs imports it, as lib/framework/node-server-hooks.ts does.
 *
 * The pages' own inline scripts are allowed by their hashes (CSP Level 3
 * §2.3.1 hash-source): the hashes are known only after `next build`, once
 * scripts/prepare-page-scripts.mjs has made each prerendered page run one
 * small inline script of its own instead of Next's per-page payload
 * scripts (lib/framework/page-scripts.ts; README "Security headers").
 */

/** Said outright (today's browsers default to it, older ones sent whole URLs): another site learns only the origin a reader came from, and nothing over http. */
const referrerPolicy = 'strict-origin-when-cross-origin';

/** Features the site never uses (Permissions Policy), off for the page and anything it frames. */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()';

/** A window the page opens, or that opens it, from another origin gets no handle on it (HTML "Cross-origin opener policies"). */
const openerPolicy = 'same-origin';

/** Two years (RFC 6797 §6.1.1), sent only when the public origin is https; no includeSubDomains: the site does not own its parent domain's other hosts. */
export const transportSecurity = 'max-age=63072000';

/** The headers only a document uses: left off the other answers. */
export const documentOnlyHeaders = ['Referrer-Policy', 'Permissions-Policy', 'Cross-Origin-Opener-Policy'];

/**
 * A page's policy. Scripts: the site's own files and the inline scripts
 * `scriptSources` names (hashes in production). Styles may be inline (the
 * pages' highlighted code colours itself with `style` attributes, the option
 * browser's filter rules are a `<style>` element). Images from the site and
 * `data:` (the search box's icon is a CSS mask of a data URL). Everything
 * else (fetches, fonts, frames) from the site itself; no plugins, no other
 * `<base>`, forms post only to the site, and no site may frame a page.
 *
 * @param {readonly string[]} scriptSources
 * @returns {string}
 */
export function pagePolicy(scriptSources) {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';');
}

/** Every other answer: a JSON, markdown or text document opened in a tab runs and loads nothing, and nothing frames it. */
export const otherPolicy = "default-src 'none';frame-ancestors 'none'";

/**
 * Under `next dev` React's development build needs eval, and the pages are
 * not prepared (their payload scripts run as Next writes them).
 */
export const developmentScriptSources = ["'unsafe-inline'", "'unsafe-eval'"];

/**
 * A production build whose pages were not prepared (a bare `next build`):
 * Next's inline scripts run, as in Next's own policy without nonces. The
 * server says so at start.
 */
export const unpreparedScriptSources = ["'unsafe-inline'"];

/**
 * The headers next.config.mjs declares for every path: what a host that
 * serves the prerendered pages itself (a CDN) sends. The Content-Security-
 * Policy is not among them: scripts/prepare-page-scripts.mjs adds it to the
 * build's routes manifest once the pages are ready for it.
 *
 * @param {boolean} https whether the public origin is https
 * @returns {{ key: string, value: string }[]}
 */
export function declaredHeaders(https) {
  return [
    { key: 'Referrer-Policy', value: referrerPolicy },
    { key: 'Permissions-Policy', value: permissionsPolicy },
    { key: 'Cross-Origin-Opener-Policy', value: openerPolicy },
    ...(https ? [{ key: 'Strict-Transport-Security', value: transportSecurity }] : []),
  ];
}
