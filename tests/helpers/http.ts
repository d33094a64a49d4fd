import { request as httpRequest } from 'node:http';

/**
 * A small HTTP client for the real-server suite. Unlike fetch it can send
 * from a chosen loopback address (`localAddress`), so each test file is its
 * own client IP for the per-IP rate limit, and it never follows redirects.
 */
export interface HttpResult {
  status: number;
  headers: Record<string, string>;
  /** Every value of each header, for headers sent more than once. */
  rawHeaders: string[];
  body: string;
  /** The body's bytes as sent (still content-coded when the server compressed it). */
  bytes: Buffer;
  json<T = unknown>(): T;
}

export interface HttpOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | object;
  localAddress?: string;
}

export function http(url: string, options: HttpOptions = {}): Promise<HttpResult> {
  const body = typeof options.body === 'object' ? JSON.stringify(options.body) : options.body;
  const headers = { ...options.headers };
  if (typeof options.body === 'object' && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
    headers['content-type'] = 'application/json';
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers, localAddress: options.localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          flat[name] = Array.isArray(value) ? value.join(', ') : String(value ?? '');
        }
        resolve({ status: res.statusCode ?? 0, headers: flat, rawHeaders: res.rawHeaders, body: text, bytes, json: () => JSON.parse(text) });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** A client bound to one loopback address: one rate-limit identity. */
export function client(baseUrl: string, localAddress: string) {
  return (path: string, options: Omit<HttpOptions, 'localAddress'> = {}) => http(`${baseUrl}${path}`, { ...options, localAddress });
}
