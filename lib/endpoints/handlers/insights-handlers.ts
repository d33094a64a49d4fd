import { createHash, timingSafeEqual } from 'node:crypto';
import { CoreError } from '@/lib/core/core-error';
import { err, ok, type Result } from '@/lib/core/result';
import { insightsPageHtml } from '@/lib/insights/insights-page';
import type { InsightsPeriod } from '@/lib/insights/insights';
import { problemResponse } from '@/lib/http/problem';
import { runtime } from '@/lib/runtime';
import { docsPageUrl } from '@/lib/routes';
import { siteName } from '@/lib/site';
import { StoreUnavailableError } from '@/lib/store/types';
import type { z } from 'zod';
import { endpointById } from '../descriptions/shared';
import { feedbackSchema, insightsDescriptions, searchClickSchema } from '../descriptions/insights-endpoints';
import { implement } from '../endpoint-handler';

/**
 * The doors of search insights (lib/insights): the dialog's click beacon,
 * every docs page's feedback, and the maintainers' view behind
 * INSIGHTS_TOKEN (Docs "Search insights").
 */
const row = (id: keyof typeof insightsDescriptions) => endpointById(insightsDescriptions, id);
const noStore = { 'Cache-Control': 'no-store' };

/** A body's first refused field as the site's problem code (/docs/api/errors): `invalid_parameter`, naming the field. */
function checked<S extends z.ZodType>(schema: S, body: unknown): Result<z.output<S>, CoreError> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') || 'body';
  return err(new CoreError('invalid_parameter', `Invalid \`${field}\`: ${issue?.message ?? 'not accepted'}. See /openapi.json for what it takes.`));
}

export const searchClick = implement(row('searchClick'), async ({ body }) => {
  const click = checked(searchClickSchema, body);
  if (!click.ok) return click;
  runtime().insights.clicked(click.value.query, click.value.rank);
  return ok(new Response(null, { status: 204, headers: noStore }));
});

/** A form's fields are strings: `helpful` is `true` or `false`, an empty comment is none. */
function fromForm(fields: Record<string, string>): Record<string, unknown> {
  const { helpful, comment, ...rest } = fields;
  return { ...rest, helpful: helpful === 'true' ? true : helpful === 'false' ? false : helpful, ...(comment ? { comment } : {}) };
}

const thanksPage = (page: string, title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Thank you · ${siteName}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#111827;background:#fff}main{max-width:40rem;margin:0 auto;padding:3rem 1rem}a{color:#1d4ed8}@media (prefers-color-scheme:dark){body{background:#0b0d12;color:#e5e7eb}a{color:#93c5fd}}</style></head>
<body><main><h1>Thank you</h1><p>Your feedback on <a href="${page}">${title.replace(/[&<>"]/g, '')}</a> was kept. It helps the maintainers see what the docs miss.</p><p><a href="${page}">Back to the page</a></p></main></body></html>
`;

export const sendFeedback = implement(
  row('sendFeedback'),
  async ({ body, request, client }) => {
    const form = request.headers.get('content-type')?.toLowerCase().startsWith('application/x-www-form-urlencoded') === true;
    const feedback = checked(feedbackSchema, form ? fromForm(body as Record<string, string>) : body);
    if (!feedback.ok) return feedback;
    const { page, helpful, comment = '' } = feedback.value;
    const rt = runtime();
    const known = (await rt.docs.pages()).find((candidate) => docsPageUrl(candidate.slugs) === page);
    if (!known) return err(new CoreError('invalid_parameter', 'Invalid `page`: no docs page has this path; /llms.txt lists every page.'));
    try {
      await rt.insights.voted(page, helpful, comment, client);
    } catch (error) {
      if (error instanceof StoreUnavailableError) return err(new CoreError('store_unavailable', 'The store that keeps feedback did not answer; nothing was kept. Retry later.'));
      throw error;
    }
    if (form) return ok(new Response(thanksPage(page, known.title), { headers: { 'Content-Type': 'text/html; charset=utf-8', ...noStore } }));
    return ok({ json: { page, helpful, kept: true }, headers: noStore });
  },
  { bodyTooLarge: 'body_too_large', forms: true },
);

/** Whether two secrets are equal, in time that does not depend on where they differ (their digests are compared). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token a request presents: `Bearer <token>`, or on the HTML view HTTP Basic with the token as the password. */
function presentedToken(request: Request, basic: boolean): string | undefined {
  const header = request.headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (bearer) return bearer[1];
  const credentials = basic ? /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header) : null;
  if (!credentials) return undefined;
  const decoded = Buffer.from(credentials[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon >= 0 ? decoded.slice(colon + 1) : undefined;
}

/** The maintainers' paths: 404 when no token is configured, 401 with a challenge without the right one. */
function refusal(request: Request, basic: boolean): Response | undefined {
  const token = runtime().env.INSIGHTS_TOKEN;
  const path = new URL(request.url).pathname;
  if (!token) return problemResponse(new CoreError('not_found', `No endpoint answers GET ${path}.`), noStore);
  const given = presentedToken(request, basic);
  if (given !== undefined && sameSecret(given, token)) return undefined;
  const challenge = basic ? 'Bearer realm="insights", Basic realm="insights", charset="UTF-8"' : 'Bearer realm="insights"';
  return problemResponse(new CoreError('unauthorized', `Send \`Authorization: Bearer <token>\` with the site's INSIGHTS_TOKEN${basic ? ', or sign in with it as the password' : ''}.`), {
    'WWW-Authenticate': challenge,
    ...noStore,
  });
}

const period = (days: string | undefined) => Number(days ?? 7) as InsightsPeriod;

async function report(days: InsightsPeriod) {
  try {
    return ok(await runtime().insights.report(days));
  } catch (error) {
    if (error instanceof StoreUnavailableError) return err(new CoreError('store_unavailable', 'The store that keeps insights did not answer. Retry later.'));
    throw error;
  }
}

export const insightsJson = implement(row('insightsJson'), async ({ request, query }) => {
  const refused = refusal(request, false);
  if (refused) return ok(refused);
  const answer = await report(period(query.days));
  return answer.ok ? ok({ json: answer.value, headers: noStore }) : answer;
});

export const insightsPage = implement(row('insightsPage'), async ({ request, query }) => {
  const refused = refusal(request, true);
  if (refused) return ok(refused);
  const answer = await report(period(query.days));
  if (!answer.ok) return answer;
  return ok(new Response(insightsPageHtml(answer.value, siteName), { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Robots-Tag': 'noindex', ...noStore } }));
});
