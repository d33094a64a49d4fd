import type { CodeHostClient, CodeHostFailure, CodeHostResult } from '@/lib/code-host';
import { layerInstallerName, urlDesktopNames } from '@/lib/catalog/desktops';
import { internalErrorResponse } from '@/lib/http/problem';
import { designPath, installerPath, layerRepo } from '@/lib/site';
import { answerDeadline, beforeDeadline, type Deadline } from '@/lib/platform/deadline';
import type { Clock, MonotonicClock } from '@/lib/platform/clock';
import { createUpstreamCache, type UpstreamCache } from './upstream-cache';
import type { RouteHandler } from '@/lib/http/route-handler';

/**
 * The installers and /design.md (/docs/install; /docs/api/errors, "Other
 * errors"): proxied from the raw host of the layer
 * repository, the desktop pinned by the URL for the three desktop scripts.
 */

/** `/layer.sh` asks for a desktop; the other three pin one. */
export const installerNames = [layerInstallerName, ...urlDesktopNames] as const;
export type InstallerName = (typeof installerNames)[number];

/** The desktop an installer pins, or undefined for `/layer.sh`. */
export const pinnedDesktop = (name: InstallerName): string | undefined =>
  name === layerInstallerName ? undefined : name;

const mainRef = 'main';
const exampleReleaseTag = 'v2026.11.20';
/** Release tags: v<YYYY.MM.DD> or v<YYYY.MM.DD>-<N> (/docs/install, "Pinning a release"). */
const releaseTagPattern = /^v(\d{4})\.(\d{2})\.(\d{2})(?:-(\d+))?$/;
/** Longer than any plausible tag; keeps silly inputs out of logs and cache keys. */
const maxRefLength = 32;

export const installerCacheControl = {
  /** `main` moves: a minute at the edge and in the browser. */
  main: 'public, max-age=60, s-maxage=60',
  /** A tag names one commit for good, so its script never changes. */
  tag: 'public, max-age=3600, s-maxage=31536000, immutable',
} as const;
const designCacheControl = 'public, max-age=300, s-maxage=300';
const noStore = 'no-store';

/** In-process lifetimes of cached upstream bodies. */
const upstreamCacheTtlMs = { main: 60_000, tag: 24 * 60 * 60_000, design: 300_000 } as const;

export const installerMaxBytes = 1024 * 1024;

/** True for a release tag whose date is a real calendar day. */
export function isReleaseTag(value: string): boolean {
  if (value.length > maxRefLength) return false;
  const match = releaseTagPattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
}

type InstallerRef = { ref: string; kind: 'main' | 'tag' };
export type RefCheck = { ok: true; ref: InstallerRef } | { ok: false; problem: string };

const validRefHint =
  `A valid ref is a release tag of the form v<YYYY.MM.DD> or v<YYYY.MM.DD>-<N>, for example ` +
  `${exampleReleaseTag} or ${exampleReleaseTag}-2. Leave ref out to get the script on main.`;

/** Shows a rejected value safely in a one-line text message. */
function quoteForMessage(value: string): string {
  const shown = value.length > 64 ? `${value.slice(0, 64)}…` : value;
  return JSON.stringify(shown);
}

/**
 * Reads `ref` from the query. Absent → main. Present → it must be a release
 * tag; `main` itself, an empty value and a repeated parameter are refused
 * so the URL names exactly one immutable script or none.
 */
export function readInstallerRef(url: URL): RefCheck {
  const values = url.searchParams.getAll('ref');
  if (values.length === 0) return { ok: true, ref: { ref: mainRef, kind: 'main' } };
  if (values.length > 1) return { ok: false, problem: `Give ref at most once. ${validRefHint}` };
  const [value] = values as [string];
  if (!isReleaseTag(value)) return { ok: false, problem: `Invalid ref ${quoteForMessage(value)}. ${validRefHint}` };
  return { ok: true, ref: { ref: value, kind: 'tag' } };
}

/**
 * Pins the desktop: `LAYER_DESKTOP=<name>` and `export LAYER_DESKTOP` on the
 * line right after the shebang (at the top when there is none), so the
 * installer finds its desktop question already answered.
 */
export function pinDesktop(script: string, desktop: string): string {
  // The name is spliced into a shell script: only plain names are allowed.
  if (!/^[a-z][a-z0-9-]*$/.test(desktop)) throw new RangeError(`not a desktop name: ${desktop}`);
  const pin = `LAYER_DESKTOP=${desktop}\nexport LAYER_DESKTOP\n`;
  if (!script.startsWith('#!')) return pin + script;
  const endOfShebang = script.indexOf('\n');
  if (endOfShebang === -1) return `${script}\n${pin}`;
  return script.slice(0, endOfShebang + 1) + pin + script.slice(endOfShebang + 1);
}

export interface InstallerDeps {
  codeHost: CodeHostClient;
  clock: Clock;
  /** What the request's deadline measures with. */
  monotonic: MonotonicClock;
  /** Omit to fetch upstream on every request. */
  cache?: UpstreamCache;
  /** When the request must be answered by (lib/platform/deadline.ts); the upstream fetch gets what is left. */
  deadline?: Deadline;
}

/**
 * What counts as an installer script (/docs/install, "Errors": a text/plain
 * script, or a 502 when it cannot be fetched): non-empty UTF-8
 * text (the code-host client refuses invalid UTF-8) without NUL bytes,
 * starting with a shebang `#!`, as the layer's install.sh does
 * (`#!/bin/sh`, or `#!/usr/bin/env bash`). Anything else (an empty 200, an
 * HTML error page, a binary) is an upstream failure: 502, never served or
 * cached as a script. Returns what is wrong, or undefined for a script.
 */
export function scriptProblem(body: string): string | undefined {
  if (body.length === 0) return 'is empty';
  if (body.includes('\0')) return 'contains NUL bytes';
  if (!body.startsWith('#!')) return 'does not start with a shebang (#!)';
  return undefined;
}

/** /design.md: an empty (or blank) document is an upstream failure too. */
export function designProblem(body: string): string | undefined {
  return body.trim().length === 0 ? 'is empty' : undefined;
}

function textResponse(status: number, body: string, headers: Record<string, string>): Response {
  return new Response(body, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', ...headers },
  });
}

function describeFailure(failure: CodeHostFailure): string {
  switch (failure.reason) {
    case 'unreachable':
      return 'the code host could not be reached';
    case 'timeout':
      return 'the code host did not answer in time';
    case 'too_large':
      return 'the file is larger than the service accepts';
    case 'redirect':
      return 'the code host redirected the request elsewhere';
    case 'status':
      return `the code host answered ${failure.status ?? 'with an error'}`;
    case 'malformed':
      return `the file it sent ${failure.detail ?? 'is not usable'}`;
  }
}

function upstreamFailureResponse(what: string, ref: string, failure: CodeHostFailure): Response {
  const where = `${layerRepo.owner}/${layerRepo.repo} at ${ref}`;
  const body =
    failure.reason === 'status' && failure.status === 404
      ? `${what} was not found upstream (${where}): the ref or the file does not exist.\n`
      : `${what} could not be fetched from upstream (${where}): ${describeFailure(failure)}. Try again shortly.\n`;
  return textResponse(502, body, { 'Cache-Control': noStore });
}

/** Raw-host path of a file in the layer repository at `ref`. */
const layerFileSegments = (ref: string, path: string) => [layerRepo.owner, layerRepo.repo, ref, ...path.split('/')];

/**
 * Fetches a file of the layer repository, through the in-process cache. A
 * body `check` refuses becomes a `malformed` failure before the cache sees
 * it, so it is never cached; the wait ends at the request's deadline.
 */
function fetchLayerFile(
  deps: InstallerDeps,
  cacheKey: string,
  ttlMs: number,
  segments: string[],
  check: (body: string) => string | undefined,
): Promise<CodeHostResult> {
  const load = async (): Promise<CodeHostResult> => {
    const fetched = await deps.codeHost.raw(segments, deps.deadline ? { deadline: deps.deadline } : undefined);
    if (!fetched.ok) return fetched;
    const problem = check(fetched.body);
    return problem ? { ok: false, reason: 'malformed', status: fetched.status, detail: problem } : fetched;
  };
  const fetched = deps.cache ? deps.cache.getOrLoad(cacheKey, deps.clock(), ttlMs, load) : load();
  return beforeDeadline(fetched, deps.deadline, (): CodeHostResult => ({ ok: false, reason: 'timeout' }));
}

/** GET /{name}.sh: 200 text/plain script, 400 for a bad ref, 502 when upstream fails. */
async function serveInstaller(name: InstallerName, request: Request, deps: InstallerDeps): Promise<Response> {
  const checked = readInstallerRef(new URL(request.url));
  if (!checked.ok) return textResponse(400, `${checked.problem}\n`, { 'Cache-Control': noStore });
  const { ref, kind } = checked.ref;

  const fetched = await fetchLayerFile(deps, `installer:${ref}`, upstreamCacheTtlMs[kind], layerFileSegments(ref, installerPath), scriptProblem);
  if (!fetched.ok) return upstreamFailureResponse('The installer script', ref, fetched);

  const desktop = pinnedDesktop(name);
  const headers: Record<string, string> = { 'Cache-Control': installerCacheControl[kind], 'x-svc-ref': ref };
  if (desktop) headers['x-svc-desktop'] = desktop;
  return textResponse(200, desktop ? pinDesktop(fetched.body, desktop) : fetched.body, headers);
}

/** GET /design.md: the visual standard from main, as markdown; 502 text/plain when upstream fails. */
async function serveDesignDoc(_request: Request, deps: InstallerDeps): Promise<Response> {
  const fetched = await fetchLayerFile(deps, 'design:main', upstreamCacheTtlMs.design, layerFileSegments(mainRef, designPath), designProblem);
  if (!fetched.ok) return upstreamFailureResponse('The design standard', mainRef, fetched);
  return new Response(fetched.body, {
    status: 200,
    headers: {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': designCacheControl,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

export interface InstallerHandlers {
  /** One GET per installer: installer.layer, installer.hacker, … */
  installer: Record<InstallerName, RouteHandler>;
  designDoc: RouteHandler;
}

/**
 * Route handlers over injected dependencies. `getDeps` is called per
 * request (so the composition root can build lazily); the upstream cache
 * belongs to this handler set, one per process in production and one per
 * test in tests.
 */
export function createInstallerHandlers(
  getDeps: () => Pick<InstallerDeps, 'codeHost' | 'clock' | 'monotonic'>,
  cache: UpstreamCache = createUpstreamCache(),
): InstallerHandlers {
  const guarded =
    (serve: (request: Request, deps: InstallerDeps) => Promise<Response>): RouteHandler =>
    async (request) => {
      try {
        // Installers and /design.md are not rate-limited: the handler starts on arrival.
        const deps = getDeps();
        return await serve(request, { ...deps, cache, deadline: answerDeadline(deps.monotonic) });
      } catch (error) {
        return internalErrorResponse(error);
      }
    };
  const installer = Object.fromEntries(
    installerNames.map((name) => [name, guarded((request, deps) => serveInstaller(name, request, deps))]),
  ) as Record<InstallerName, RouteHandler>;
  return { installer, designDoc: guarded(serveDesignDoc) };
}
