import { describe, expect, it } from 'vitest';
import { openApiHandler } from '@/lib/endpoints/openapi-handler';
import { formatProblems, lintOpenApi } from '../helpers/openapi-linters';

/**
 * /openapi.json through the linters API teams use, with no server and no
 * build: the route's own handler answers (the endpoint table's document,
 * `servers` naming the runtime's origin), and both CLIs lint those bytes.
 * Any problem of any severity fails; the few rules switched off are in
 * redocly.yaml and .spectral.yaml, each with its reason.
 */
const response = await openApiHandler(new Request('http://localhost/openapi.json'));
const reports = lintOpenApi(await response.text());

describe('/openapi.json passes the OpenAPI linters', () => {
  it.each(reports.map((report) => [report.linter, report] as const))('%s reports no problem', (_linter, report) => {
    console.log(formatProblems(report));
    expect(report.problems, formatProblems(report)).toEqual([]);
  });
});
