import {
  createReleaseService,
  type ReleaseApi,
  type ReleaseApiResult,
} from '@/lib/core/releases';
import { createFakeClock, createFakeKv } from './fake-kv';

/** A scripted code host and a release service over it, for the release tests. */
export const web = 'https://github.com/layer-desktop/pounce';

export function asset(name: string, size = 1000, url = `${web}/releases/download/v2026.11.20/${name}`) {
  return { name, size, browser_download_url: url, state: 'uploaded', content_type: 'application/octet-stream' };
}

export function releaseBody(assets: unknown[], extra: Record<string, unknown> = {}) {
  return JSON.stringify({
    tag_name: 'v2026.11.20',
    name: 'Pounce 2026.11.20',
    draft: false,
    prerelease: false,
    created_at: '2026-11-20T13:50:02Z',
    published_at: '2026-11-20T14:03:11Z',
    assets,
    ...extra,
  });
}

export const okResponse = (body: string, etag = '"v1"'): ReleaseApiResult => ({
  ok: true,
  status: 200,
  headers: new Headers({ etag, 'content-type': 'application/json' }),
  body,
});
export const notModified = (): ReleaseApiResult => ({ ok: true, status: 304, headers: new Headers({ etag: '"v1"' }), body: '' });

/** A scripted code host: answers from `respond`, records every call. */
export function fakeApi(respond: (segments: readonly string[], etag?: string) => ReleaseApiResult | Promise<ReleaseApiResult>) {
  const calls: Array<{ segments: readonly string[]; etag?: string }> = [];
  const api: ReleaseApi = {
    async api(segments, opts) {
      calls.push({ segments, etag: opts?.etag });
      return respond(segments, opts?.etag);
    },
  };
  return { api, calls };
}

export function setup(respond: Parameters<typeof fakeApi>[0], extra: { timeoutMs?: number; isTrustedAssetUrl?: (url: URL) => boolean } = {}) {
  const time = createFakeClock();
  const kv = createFakeKv(time.clock);
  const { api, calls } = fakeApi(respond);
  const service = createReleaseService({ api, kv, clock: time.clock, ...extra });
  return { time, kv, api, calls, service };
}

export const standard = () => okResponse(releaseBody([asset('Pounce-2026.11.20.zip', 7_902_114), asset('Pounce-2026.11.20.dmg', 8_421_337)]));
