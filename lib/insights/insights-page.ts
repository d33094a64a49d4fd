import { insightsDoors, insightsPeriods, humanDoors } from './insights';
import type { InsightsReport, QueryRow } from './report';

/**
 * The maintainers' view as one HTML page, drawn on the server: a chart of
 * searches per day and door (SVG, no chart library, no script), then the
 * lists of /insights.json. It runs under the site's Content-Security-Policy
 * (no script at all; the styles are one `<style>` element).
 */
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string | number) => String(text).replace(/[&<>"']/g, (char) => escapes[char]!);

/** One colour per door, readable on white and told apart by the legend's names too. */
const doorColours: Record<string, string> = {
  dialog: '#2563eb',
  v1: '#16a34a',
  batch: '#65a30d',
  ask: '#d97706',
  mcp: '#9333ea',
  a2a: '#db2777',
  twin: '#0891b2',
};

function chart(report: InsightsReport): string {
  const width = 720;
  const height = 200;
  const left = 40;
  const bottom = 24;
  const totals = report.perDay.map(({ doors }) => Object.values(doors).reduce((sum, n) => sum + n, 0));
  const max = Math.max(1, ...totals);
  const slot = (width - left) / report.perDay.length;
  const bar = Math.max(2, Math.min(40, slot * 0.7));
  const scale = (height - bottom - 8) / max;
  const bars = report.perDay.flatMap(({ day, doors }, at) => {
    let y = height - bottom;
    const x = left + at * slot + (slot - bar) / 2;
    const parts = insightsDoors.filter((door) => doors[door]).map((door) => {
      const h = doors[door]! * scale;
      y -= h;
      return `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" fill="${doorColours[door]}"><title>${escape(day)} ${door}: ${doors[door]}</title></rect>`;
    });
    const label = report.perDay.length <= 10 || at % Math.ceil(report.perDay.length / 10) === 0 ? `<text x="${(x + bar / 2).toFixed(1)}" y="${height - 6}" text-anchor="middle">${escape(day.slice(5))}</text>` : '';
    return [...parts, label];
  });
  const axis = `<text x="${left - 6}" y="14" text-anchor="end">${max}</text><text x="${left - 6}" y="${height - bottom}" text-anchor="end">0</text><line x1="${left}" y1="${height - bottom}" x2="${width}" y2="${height - bottom}" stroke="#9ca3af"/>`;
  const legend = insightsDoors.map((door) => `<span class="key"><i style="background:${doorColours[door]}"></i>${door}</span>`).join(' ');
  return `<figure><svg viewBox="0 0 ${width} ${height}" role="img" aria-label="Searches per day and door">${axis}${bars.join('')}</svg><figcaption>Searches per day (UTC), by door: ${legend}</figcaption></figure>`;
}

const doorsCell = (doors: Record<string, number>) =>
  Object.entries(doors)
    .sort((a, b) => b[1] - a[1])
    .map(([door, n]) => `${escape(door)} ${n}`)
    .join(', ');

function queryTable(rows: QueryRow[], empty: string): string {
  if (rows.length === 0) return `<p class="empty">${empty}</p>`;
  const body = rows
    .map((row) => {
      const dialog = row.doors.dialog ?? 0;
      const ctr = dialog > 0 ? `${Math.round((row.clicks / dialog) * 100)} %` : '–';
      const found = row.results === 0 ? 'nothing' : `${row.results}${row.weak ? ' (weak)' : ''}`;
      return `<tr><td>${escape(row.query)}</td><td>${row.count}</td><td>${row.clients}</td><td>${doorsCell(row.doors)}</td><td>${found}</td><td>${ctr}</td></tr>`;
    })
    .join('');
  return `<table><thead><tr><th>Query</th><th>Searches</th><th>Clients</th><th>Doors</th><th>Results</th><th>Dialog click-through</th></tr></thead><tbody>${body}</tbody></table>`;
}

function sideBySide(report: InsightsReport): string {
  const totals: Record<string, number> = {};
  for (const { doors } of report.perDay) for (const [door, n] of Object.entries(doors)) totals[door] = (totals[door] ?? 0) + n;
  const reads: Record<string, number> = {};
  for (const { doors } of report.reads) for (const [door, n] of Object.entries(doors)) reads[door] = (reads[door] ?? 0) + n;
  const cell = (doors: readonly string[], counts: Record<string, number>) => doors.map((door) => `${door} ${counts[door] ?? 0}`).join(', ');
  const agentDoors = insightsDoors.filter((door) => !humanDoors.includes(door));
  const votes = report.feedback.reduce((sum, page) => sum + page.helpful + page.notHelpful, 0);
  return `<table><thead><tr><th></th><th>People</th><th>Agents and programs</th></tr></thead><tbody><tr><th scope="row">Searches</th><td>${cell(humanDoors, totals)}</td><td>${cell(agentDoors, totals)}</td></tr><tr><th scope="row">Pages read</th><td>–</td><td>${cell(['twin', 'mcp'], reads)}</td></tr><tr><th scope="row">Feedback</th><td>${votes} votes</td><td>–</td></tr></tbody></table>`;
}

export function insightsPageHtml(report: InsightsReport, siteName: string): string {
  const periods = insightsPeriods
    .map((days) => (days === report.days ? `<strong>${days === 1 ? 'today' : `${days} days`}</strong>` : `<a href="?days=${days}">${days === 1 ? 'today' : `${days} days`}</a>`))
    .join(' · ');
  const feedback =
    report.feedback.length === 0
      ? '<p class="empty">No feedback yet.</p>'
      : `<table><thead><tr><th>Page</th><th>Not helpful</th><th>Helpful</th><th>Comments</th></tr></thead><tbody>${report.feedback
          .map((page) => `<tr><td><a href="${escape(page.page)}">${escape(page.page)}</a></td><td>${page.notHelpful}</td><td>${page.helpful}</td><td>${page.comments.map((comment) => `<p>${escape(comment)}</p>`).join('')}</td></tr>`)
          .join('')}</tbody></table>`;
  const reads =
    report.reads.length === 0
      ? '<p class="empty">No page read by an agent yet.</p>'
      : `<table><thead><tr><th>Page or section</th><th>Reads</th><th>Doors</th></tr></thead><tbody>${report.reads
          .slice(0, 50)
          .map((row) => `<tr><td>${escape(row.page)}</td><td>${row.count}</td><td>${doorsCell(row.doors)}</td></tr>`)
          .join('')}</tbody></table>`;
  const ranks = Object.entries(report.clicksByRank)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([rank, n]) => `#${escape(rank)}: ${n}`)
    .join(', ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Search insights · ${escape(siteName)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#fff}
main{max-width:960px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.15rem;margin:2rem 0 .5rem}
nav,figcaption,.note,.empty{color:#4b5563}
figure{margin:1rem 0}svg{width:100%;height:auto;font-size:11px;fill:#4b5563}
.key{white-space:nowrap}.key i{display:inline-block;width:10px;height:10px;margin-right:4px;border-radius:2px}
.scroll{overflow-x:auto}table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;vertical-align:top;padding:6px 8px;border-bottom:1px solid #e5e7eb}td p{margin:0 0 4px}
a{color:#1d4ed8}
@media (prefers-color-scheme:dark){body{background:#0b0d12;color:#e5e7eb}nav,figcaption,.note,.empty{color:#9ca3af}th,td{border-color:#374151}a{color:#93c5fd}svg{fill:#9ca3af}}
</style></head>
<body><main>
<h1>Search insights</h1>
<nav>${periods} · ${escape(report.from)} to ${escape(report.to)} (UTC) · <a href="/insights.json?days=${report.days}">JSON</a></nav>
${chart(report)}
<h2>People and agents</h2><div class="scroll">${sideBySide(report)}</div>
<h2>Found nothing, or only a weak match</h2><div class="scroll">${queryTable(report.noResults, 'No query listed found nothing.')}</div>
<h2>Most frequent queries</h2><div class="scroll">${queryTable(report.searches.slice(0, 100), 'No query has enough distinct clients to be listed yet.')}</div>
<p class="note">Listed: queries sent by enough distinct clients. Not listed: ${report.other.count} searches of ${report.other.queries} other queries. Dialog results opened by rank: ${ranks || 'none'}.</p>
<h2>Pages by “not helpful”</h2><div class="scroll">${feedback}</div>
<h2>What agents read most</h2><div class="scroll">${reads}</div>
</main></body></html>
`;
}
