import { vi } from 'vitest';

/** A file the app saved (lib/download-file.ts): the link's `download` name and the blob behind it. */
export interface SavedFile {
  readonly name: string;
  readonly blob: Blob;
}

/**
 * Catches the files the app saves instead of downloading them: `saveFile` makes an object URL and
 * clicks a `download` link, so both are spied on and each click adds the file to the returned list.
 * The spies go at the end of the test (`restoreMocks` in vitest.config.ts).
 */
export function captureDownloads(): SavedFile[] {
  const saved: SavedFile[] = [];
  let pending: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    pending = blob as Blob;
    return 'blob:download';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: pending as Blob });
  });
  return saved;
}

/** The bytes of a saved file; fails the test when there is none. */
export async function bytesOf(file: SavedFile | undefined): Promise<Uint8Array> {
  if (!file) throw new Error('No file was saved');
  return new Uint8Array(await file.blob.arrayBuffer());
}

/** A saved file read as UTF-8, byte-order mark included (the spec's CSV starts with one). */
export async function textOf(file: SavedFile | undefined): Promise<string> {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await bytesOf(file));
}
