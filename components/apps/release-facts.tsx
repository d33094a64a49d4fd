'use client';

import { useEffect, useState } from 'react';
import { onIdle } from '@/lib/client/on-idle';

/**
 * The latest release of an app, as /v1/releases/{app} states it: tag, file
 * size and publication date (nothing else is shown, and nothing at all when
 * the lookup fails). Asked once the page is idle, kept five minutes in
 * sessionStorage (the edge caches it as long), so moving around the docs
 * does not ask again.
 */
interface Release {
  tag: string;
  asset: string;
  size: number;
  publishedAt: string;
}

const keepMs = 5 * 60 * 1000;

function isRelease(value: unknown): value is Release {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return typeof r.tag === 'string' && typeof r.asset === 'string' && typeof r.size === 'number' && typeof r.publishedAt === 'string';
}

async function latestRelease(url: string): Promise<Release | null> {
  const key = `release:${url}`;
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { at: number; release: unknown } | null;
    if (kept && Date.now() - kept.at < keepMs && isRelease(kept.release)) return kept.release;
  } catch {
    // Storage unavailable or unreadable: ask the server.
  }
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  if (!response.ok) {
    // Nothing to show; release the connection rather than leave the body unread.
    await response.body?.cancel();
    return null;
  }
  const release: unknown = await response.json();
  if (!isRelease(release)) return null;
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), release }));
  } catch {
    // Not kept; the next view asks again.
  }
  return release;
}

const megabytes = new Intl.NumberFormat('en', { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
const day = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export function ReleaseFacts({ app, releaseUrl }: { app: string; releaseUrl: string }) {
  const [release, setRelease] = useState<Release | null>(null);
  useEffect(() => {
    let live = true;
    const cancel = onIdle(() => {
      latestRelease(releaseUrl).then(
        (found) => live && setRelease(found),
        () => undefined,
      );
    });
    return () => {
      live = false;
      cancel();
    };
  }, [releaseUrl]);

  if (!release) return null;
  const published = new Date(release.publishedAt);
  return (
    <span className="text-sm text-fd-muted-foreground" data-release-facts={app}>
      Latest: <span className="font-medium text-fd-foreground">{release.tag}</span> · {megabytes.format(release.size / 1_000_000)}
      {Number.isNaN(published.getTime()) ? null : <> · {day.format(published)}</>}
    </span>
  );
}
