import { Worker } from 'node:worker_threads';

/**
 * A peer's answer that arrives while this thread's event loop is busy, the
 * way a Redis answer reaches a new instance still loading its routes: a
 * worker thread posts it, and `busy` starts the work under test, then keeps
 * this thread busy (synchronously) until the message is surely queued and
 * `atLeastMs` have passed. It does so from the loop's check phase (a
 * setImmediate), so the next turn runs the expired timers before it reads
 * the queued answer: whether the answer is read before a timer gives up on
 * it depends on the code under test, never on the machine's speed.
 */
export async function answerDuringBusyLoop(): Promise<{ answer: Promise<void>; busy<T>(atLeastMs: number, start: () => Promise<T>): Promise<T>; close(): Promise<number> }> {
  const posted = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     parentPort.once('message', () => { parentPort.postMessage('answer'); Atomics.store(workerData, 0, 1); });`,
    { eval: true, workerData: posted },
  );
  await new Promise((resolve) => worker.once('online', resolve));
  const answer = new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return {
    answer,
    busy: (atLeastMs, start) =>
      new Promise((resolve) => {
        setImmediate(() => {
          const work = start();
          const until = performance.now() + atLeastMs;
          worker.postMessage('go');
          while (Atomics.load(posted, 0) === 0 || performance.now() < until) {
            // busy: neither timers nor I/O run on this thread meanwhile
          }
          resolve(work);
        });
      }),
    close: () => worker.terminate(),
  };
}
