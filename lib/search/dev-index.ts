import { searchIndexRoute } from '@/lib/routes';

/**
 * The search index under `next dev`, where pages change while the server
 * runs. The runtime is built once, in instrumentation.ts, whose module graph
 * the dev server never reloads: an index exported there keeps the text the
 * pages had at start. /api/search makes its index again when the docs
 * change (lib/docs-source/dev-docs.ts compiles the edited pages when it is
 * asked), so in development the search core reads the index from it:
 * before each search it revalidates its copy with `If-None-Match` (a 304
 * while nothing changed), and loads the new index when the ETag changes.
 * Asking on every search, rather than when files change, leaves no window
 * in which an edit is seen on disk before the index is made again. A
 * production server never uses this module.
 */
export interface DevSearchIndex {
  /** The ETag of the index /api/search serves now (the content version). */
  version(): Promise<string>;
  /** The index of the last version seen. */
  load(): Promise<unknown>;
}

/** The dev server's own origin: the port `next dev` listens on, over loopback whatever SITE_URL says. */
export const devServerOrigin = (port: number | undefined) => `http://localhost:${port ?? 3000}`;

export function devSearchIndex(origin: string, fetchImpl: typeof fetch = fetch): DevSearchIndex {
  const url = `${origin}${searchIndexRoute}`;
  let latest: { etag: string; data: Promise<unknown> } | undefined;
  return {
    async version() {
      const res = await fetchImpl(url, {
        headers: { accept: 'application/json', ...(latest ? { 'if-none-match': latest.etag } : {}) },
        cache: 'no-store',
      });
      if (res.status === 304 && latest) return latest.etag;
      const etag = res.headers.get('etag');
      if (!res.ok || !etag) throw new Error(`${searchIndexRoute} answered ${res.status}${etag ? '' : ' without an ETag'}`);
      const data = res.json();
      // Kept whatever happens next: a failed body fails the load, and the next search asks again.
      data.catch(() => undefined);
      latest = { etag, data };
      return etag;
    },
    load() {
      return latest ? latest.data : Promise.reject(new Error('version() was not asked first'));
    },
  };
}
