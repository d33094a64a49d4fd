/** en-US in UTC: the same words wherever and whenever the page is rendered (`November 20, 2026`). */
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * A docs page's last-changed date (lib/docs-source/last-modified.ts) under
 * its description. A server component: the line is in the page's HTML as
 * sent, with no script, so nothing moves when the page loads.
 */
export function LastUpdated({ date }: { date: string }) {
  return (
    <p className="text-sm text-fd-muted-foreground">
      Last updated <time dateTime={date}>{dayFormat.format(new Date(date))}</time>
    </p>
  );
}
