import {
  declaredHeaders,
  developmentScriptSources,
  documentOnlyHeaders,
  otherPolicy,
  pagePolicy,
  transportSecurity,
  unpreparedScriptSources,
} from './security-headers.mjs';

/**
 * What the server's writeHead hook (lib/framework/node-server-hooks.ts) sets on
 * each answer: the HTML answers' set, every other answer's, and the
 * document-only headers it leaves off the others (next.config.mjs declares
 * them for every path, for hosts that serve the pages themselves).
 */
export interface SecurityHeaderSets {
  document: Readonly<Record<string, string>>;
  other: Readonly<Record<string, string>>;
  documentOnly: readonly string[];
}

export type PageScripts =
  /** A production build's prepared pages: their inline scripts' hash sources. */
  | { kind: 'prepared'; sources: readonly string[] }
  /** A production build whose pages were not prepared (a bare `next build`). */
  | { kind: 'unprepared' }
  /** `next dev`. */
  | { kind: 'development' };

export function securityHeaderSets(scripts: PageScripts, https: boolean): SecurityHeaderSets {
  const sources =
    scripts.kind === 'prepared' ? scripts.sources : scripts.kind === 'development' ? developmentScriptSources : unpreparedScriptSources;
  const transport: Record<string, string> = https ? { 'Strict-Transport-Security': transportSecurity } : {};
  return {
    document: {
      'Content-Security-Policy': pagePolicy(sources),
      ...Object.fromEntries(declaredHeaders(https).map(({ key, value }) => [key, value])),
    },
    other: { 'Content-Security-Policy': otherPolicy, ...transport },
    documentOnly: documentOnlyHeaders,
  };
}
