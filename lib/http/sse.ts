/**
 * Server-sent events (WHATWG HTML §9.2): one frame per event, `event:` with
 * the event's name and one `data:` line of JSON. Written here rather than
 * with a library: the service's frames are fixed event names and JSON, which
 * JSON.stringify keeps on one line (it escapes CR and LF inside strings), so
 * no text can break a frame; the libraries that fit a Web `Response` are
 * parts of frameworks (Hono's streamSSE needs its Context), and the others
 * write to Node's `ServerResponse`. Names are checked all the same.
 */
const encoder = new TextEncoder();
const eventName = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function sseFrame(event: string, data: unknown): Uint8Array {
  if (!eventName.test(event)) throw new RangeError(`not an event name: ${JSON.stringify(event)}`);
  const json = JSON.stringify(data);
  // JSON.stringify never emits a raw CR or LF; if a value ever did, the frame would split.
  if (/[\r\n]/.test(json)) throw new RangeError('an SSE data line may not hold CR or LF');
  return encoder.encode(`event: ${event}\ndata: ${json}\n\n`);
}

/** Headers of an event stream: never cached, and not held back by buffering proxies (nginx reads X-Accel-Buffering). */
export const sseHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
} as const;

/** A response that sends the frames one by one, then ends. */
export function sseResponse(frames: Iterable<Uint8Array>, headers: Record<string, string> = {}): Response {
  const iterator = frames[Symbol.iterator]();
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  return new Response(body, { headers: { ...sseHeaders, ...headers } });
}
