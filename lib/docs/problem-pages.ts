import { allProblemCodes, isProblemCode, problemCodes, type ErrorCode } from '@/lib/http/problem-codes';
import { problemTypeRoute } from '@/lib/routes';

/**
 * The pages behind every problem `type` (RFC 9457 §3.1.1: the type URI
 * should resolve to documentation for humans). HTML at /problems/{code},
 * markdown at /problems/{code}.md, both from the problem-code table.
 */
export function problemPage(code: string) {
  if (!isProblemCode(code)) return undefined;
  const entry = problemCodes[code];
  return { code, url: problemTypeRoute(code), ...entry };
}

function problemMarkdown(code: ErrorCode): string {
  const entry = problemCodes[code];
  return [
    `# ${entry.title} (\`${code}\`)`,
    '',
    `HTTP status: ${entry.status}`,
    '',
    entry.explanation,
    '',
    'Problems are `application/problem+json` (RFC 9457) with the fields `type`, `title`, `status`, `detail` and `code`.',
    'Every code: /openapi.json, or the pages under /problems/.',
    '',
  ].join('\n');
}

export function problemMarkdownResponse(code: string): Response {
  const headers = { 'Content-Type': 'text/markdown; charset=utf-8' };
  if (!isProblemCode(code)) {
    return new Response(`# Unknown problem code\n\n\`${code.replace(/[^a-z_]/g, '')}\` is not a code this service uses.\n`, {
      status: 404,
      headers: { ...headers, 'Cache-Control': 'no-store' },
    });
  }
  return new Response(problemMarkdown(code), { headers });
}

export const problemCodeParams = () => allProblemCodes.map((code) => ({ code }));
