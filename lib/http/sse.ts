/**
 * Server-sent events (WHATWG HTML §9.2): one frame per event, `event:` with
 * the event's name and one `data:` line of JSON. Written here rather than
 * with a library: the service's frames are fixed event names and JSON, which
 * JSON.stringify keeps on one line (it escapes CR and LF inside strings), so
 * no text can break a frame; the libraries that fit a Web `Response` are
 * parts of frameworks (Hono's streamSSE needs its Context), and the others
 * write to Node's `ServerResponse`. Names are checked all the same.
 */
const eventName = /^[A-Za-z][A-Za-z0-9_-]*$/;

export function sseFrame(event: string, data: unknown): string {
  if (!eventName.test(event)) throw new RangeError(`not an event name: ${JSON.stringify(event)}`);
  const json = JSON.stringify(data);
  // JSON.stringify never emits a raw CR or LF; if a value ever did, the frame would split.
  if (/[\r\n]/.test(json)) throw new RangeError('an SSE data line may not hold CR or LF');
  return `event: ${event}\ndata: ${json}\n\n`;
}

/** Headers of an event stream: never cached, and not held back by buffering proxies (nginx reads X-Accel-Buffering). */
const sseHeaders = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache',
  'X-Accel-Buffering': 'no',
} as const;

/**
 * A response that sends the frames, then ends. The frames of an answer are
 * all known when it starts (an /ask answer is ranked before its stream
 * opens, so a failure can still be a problem document), so they go out as
 * one body: a Web stream would only add rounds of Next's stream piping
 * before the first `result` reaches the reader.
 */
export function sseResponse(frames: Iterable<string>, headers: Record<string, string> = {}): Response {
  return new Response([...frames].join(''), { headers: { ...sseHeaders, ...headers } });
}
