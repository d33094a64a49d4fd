import { parseEnv, publicOrigin } from './env';

/**
 * The public origin `next build` rendered into the prerendered pages (the
 * home page, the docs and the problem pages: install lines, links, page
 * heads), where the documents and the API answer with the origin of the
 * running server. next.config.mjs records the build's SITE_URL,
 * VERCEL_PROJECT_PRODUCTION_URL and PORT in `SVC_BUILD_ORIGIN_ENV` (its
 * `env`, which the build writes into the server bundles as a literal), and
 * the origin is derived from them by the same rule as at run time
 * (publicOrigin in lib/env.ts). Undefined outside a Next build (tests,
 * scripts) or when nothing was recorded.
 */
export const buildOriginVariable = 'SVC_BUILD_ORIGIN_ENV';

export function buildOrigin(recorded: string | undefined = process.env.SVC_BUILD_ORIGIN_ENV): string | undefined {
  if (!recorded) return undefined;
  try {
    return publicOrigin(parseEnv(JSON.parse(recorded) as Record<string, string | undefined>));
  } catch {
    return undefined;
  }
}

/**
 * The warning the server logs at start when it answers as another origin
 * than its pages were built for (another SITE_URL, or with the default
 * origin another PORT); undefined when they agree.
 */
export function originMismatchWarning(runtimeOrigin: string, built: string | undefined = buildOrigin()): string | undefined {
  if (built === undefined || built === runtimeOrigin) return undefined;
  return (
    `this server's public origin is ${runtimeOrigin}, but its pages were built for ${built}: ` +
    `the prerendered pages (home, docs, problem pages) show ${built} in install lines and links, ` +
    `while the documents and API answers use ${runtimeOrigin}. ` +
    'Set SITE_URL (or PORT) to the same value for `next build` and `next start`.'
  );
}
