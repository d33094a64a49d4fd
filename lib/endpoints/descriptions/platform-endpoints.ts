import { z } from 'zod';
import { problemSchema } from '@/lib/http/problem';
import type { EndpointDescription } from '../endpoint';
import { html, json, markdown } from './shared';

/** The platform rows: /openapi.json, the problem pages and the signing-key directory. */

export const platformDescriptions = {
  openApi: {
    tag: 'Platform',
    summary: 'This OpenAPI 3.1 description',
    description:
      'Generated from the endpoint table the handlers validate with: every path and method the site answers, with its parameters, bodies, responses, headers and problem codes. `servers` names the public origin of the deployment that serves it. Cached five minutes.',
    responses: { 200: json('The OpenAPI document', z.record(z.string(), z.unknown())) },
    errors: ['rate_limited'],
  },
  problemPage: {
    tag: 'Platform',
    summary: 'Explanation of a problem code (the `type` of every problem)',
    description:
      'The title, HTTP status and explanation of one problem `code`: the page the `type` of every problem points at (RFC 9457 §3.1.1). HTML, or its markdown twin when `Accept` prefers `text/markdown` (quality values honoured). A client accepting neither HTML, markdown nor a wildcard gets 406.',
    params: z.object({ code: z.string() }),
    responses: {
      200: { ...html('The explanation: HTML, or its markdown twin when `Accept` prefers `text/markdown`'), alternates: [{ representation: 'markdown', schema: z.string() }] },
      404: html('Unknown code'),
      406: { description: 'No acceptable representation (`not_acceptable`)', representation: 'problem', schema: problemSchema },
    },
    errors: [],
  },
  problemMarkdown: {
    tag: 'Platform',
    summary: 'Markdown twin of a problem page',
    description: 'The problem page as markdown: title, code, HTTP status and explanation. An unknown code is a 404, never cached.',
    params: z.object({ code: z.string() }),
    responses: { 200: markdown('The explanation'), 404: markdown('Unknown code') },
    errors: [],
  },
  signatureDirectory: {
    tag: 'Platform',
    summary: 'Public keys the service signs its outbound requests with (Web Bot Auth)',
    description: 'A JWK Set of Ed25519 keys; `keys` is empty when no signing key is installed. The service signs no responses.',
    responses: {
      200: {
        description: 'The key directory',
        representation: 'json',
        mediaType: 'application/http-message-signatures-directory+json',
        schema: z.object({ keys: z.array(z.record(z.string(), z.unknown())) }),
      },
    },
    errors: ['rate_limited'],
  },
} as const satisfies Record<string, EndpointDescription>;

