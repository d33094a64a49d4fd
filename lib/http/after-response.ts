import { after } from 'next/server.js';

/**
 * Work to do once the answer is sent: Next's `after()` (on Vercel,
 * waitUntil). Outside a request (the docs run examples at build time,
 * lib/docs-build/remark-api-examples.ts; tests) there is no response to
 * wait for, so it starts at once.
 */
export function runAfterResponse(task: () => Promise<void>): void {
  try {
    after(task);
  } catch {
    void task();
  }
}
