import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, inject, it } from 'vitest';
import { endpoints } from '@/lib/endpoints/descriptions';
import { mediaTypes } from '@/lib/endpoints/endpoint';
import { endpointExamples } from '../fixtures/endpoint-examples';
import { client } from '../helpers/http';
import { formatProblems, lintOpenApi } from '../helpers/openapi-linters';

// /openapi.json as `next start` serves it: generated from the endpoint table
// (spec "Agent endpoints": the description of everything the service
// answers), valid, clean under both OpenAPI linters, and every row of the
// table answers as it says.
const get = client(inject('baseUrl'), '127.0.0.31');

async function fetchDocument() {
  const res = await get('/openapi.json');
  expect(res.status).toBe(200);
  return res.json<Record<string, unknown> & { info: { version: string }; paths: Record<string, Record<string, unknown>> }>();
}

describe('/openapi.json', () => {
  it('is OpenAPI 3.1, version 1.0.0, with every row of the endpoint table', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.version).toBe('1.0.0');
    for (const row of endpoints) expect(document.paths[row.path]?.[row.method.toLowerCase()], `${row.method} ${row.path}`).toBeTruthy();
  });

  it('validates with swagger-parser', async () => {
    const document = await fetchDocument();
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('names the runtime origin in `servers` and lints clean with Redocly (recommended) and Spectral (spectral:oas)', async () => {
    const res = await get('/openapi.json');
    // The origin every runtime document names: RFC 9728's `resource` is exactly it.
    const { resource } = (await get('/.well-known/oauth-protected-resource')).json<{ resource: string }>();
    expect(res.json<{ servers: Array<{ url: string }> }>().servers).toEqual([{ url: resource }]);
    for (const report of lintOpenApi(res.body)) expect(report.problems, formatProblems(report)).toEqual([]);
  }, 120_000);
});

describe('every endpoint of the table answers as documented', () => {
  const rows = endpoints.flatMap((row) => endpointExamples[row.id as keyof typeof endpointExamples].map((example) => ({ row, example })));
  it.each(rows.map(({ row, example }) => [`${row.method} ${example.url} → ${example.status}`, row, example] as const))(
    '%s',
    async (_name, row, example) => {
      const res = await get(example.url, { method: row.method, headers: example.headers, body: example.body as object | undefined });
      expect(res.status).toBe(example.status);
      const documented = row.responses[example.status];
      const type = res.headers['content-type'] ?? '';
      if (documented && documented.representation !== 'redirect' && documented.representation !== 'none') {
        const expected = [documented, ...(documented.alternates ?? [])].map(
          (entry) => entry.mediaType ?? mediaTypes[entry.representation as keyof typeof mediaTypes],
        );
        const accept = example.headers?.accept;
        // An Accept naming one documented type gets that type. Otherwise the primary representation, unless the
        // example asks for another by its query (`streaming=true`, `mode=agent`), its body, its User-Agent (agent mode)
        // or a form's body (the feedback form's thanks page).
        const selectsAlternate =
          /streaming=true|mode=agent/.test(example.url) ||
          Boolean((example.body as { prefer?: { streaming?: boolean } } | undefined)?.prefer?.streaming) ||
          example.headers?.['user-agent'] !== undefined ||
          example.headers?.['content-type'] === 'application/x-www-form-urlencoded';
        if (accept && expected.includes(accept)) expect(type.split(';')[0]).toBe(accept);
        else if (!accept && !selectsAlternate) expect(type.split(';')[0]).toBe(expected[0]);
        expect(expected).toContain(type.split(';')[0]);
        if (documented.schema && documented.representation === 'json' && /^application\/([a-z.+-]*\+)?json\b/.test(type)) {
          const parsed = documented.schema.safeParse(res.json());
          expect(parsed.success, JSON.stringify(parsed.error?.issues?.slice(0, 3))).toBe(true);
        }
      } else if (!documented) {
        // A problem code of the row.
        expect(type).toMatch(/^application\/problem\+json/);
        const { code } = res.json<{ code: (typeof row.errors)[number] }>();
        expect(row.errors).toContain(code);
      }
      if (row.rateLimited) {
        expect(res.headers['ratelimit-limit']).toMatch(/^\d+$/);
        expect(res.headers['ratelimit-remaining']).toMatch(/^\d+$/);
        expect(res.headers['ratelimit-reset']).toMatch(/^\d+$/);
      }
    },
  );
});
