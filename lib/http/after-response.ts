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

/**
 * `runAfterResponse` for many small tasks (search insights' events): the
 * tasks queued while a drain is pending run in that drain, so only the
 * request that starts a batch registers with `after()`, whose bookkeeping
 * per call cost more than the task it ran; `serverless` (Vercel, where a
 * function is kept alive only by `waitUntil`) uses `after()`, a
 * long-lived server the next turn of its event loop. Each task's failure is its own
 * (a task catches what it expects); the next batch starts after this one.
 */
export function batchedAfterResponse({ serverless }: { serverless: boolean }): (task: () => Promise<void>) => void {
  let queue: (() => Promise<void>)[] = [];
  // A long-lived server (`next start`) keeps running after an answer: the batch needs no `after()` to
  // stay alive, only to wait for the answers in flight, which `setImmediate` does (after their I/O).
  const schedule = serverless ? runAfterResponse : (task: () => Promise<void>) => void setImmediate(() => void task());
  const drain = async () => {
    while (queue.length > 0) {
      const tasks = queue;
      queue = [];
      await Promise.all(tasks.map((task) => task().catch(() => undefined)));
    }
  };
  return (task) => {
    queue.push(task);
    if (queue.length === 1) schedule(drain);
  };
}
