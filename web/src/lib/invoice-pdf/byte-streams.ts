/**
 * Runs bytes through a platform compression stream (`CompressionStream` / `DecompressionStream`,
 * 'deflate' = zlib, the PDF's FlateDecode and WOFF's table compression) and collects the output.
 */
export async function transformBytes(
  data: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const writer = stream.writable.getWriter();
  // A broken input fails the reads below; the write's own rejection says the same thing again.
  writer
    .write(data as Uint8Array<ArrayBuffer>)
    .then(() => writer.close())
    .catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.length;
  }
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** zlib-deflates bytes (PDF FlateDecode). */
export const deflate = (data: Uint8Array): Promise<Uint8Array> =>
  transformBytes(data, new CompressionStream('deflate'));

/** Inflates zlib bytes (WOFF tables). */
export const inflate = (data: Uint8Array): Promise<Uint8Array> =>
  transformBytes(data, new DecompressionStream('deflate'));
