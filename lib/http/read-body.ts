/**
 * Reads a body's bytes up to a cap, without buffering more than the cap:
 * a body one byte over is refused after reading that byte, whatever its
 * Content-Length said (request bodies may be chunked). The one reader of
 * the API's handler, the A2A transport and the code-host client.
 */
export async function readCappedBytes(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Uint8Array | undefined> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      void reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** The same, decoded as UTF-8 (malformed sequences become U+FFFD); `undefined` over the cap. */
export async function readCappedText(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<string | undefined> {
  const bytes = await readCappedBytes(body, maxBytes);
  return bytes && new TextDecoder().decode(bytes);
}
