/**
 * The creative bucket: private, reached by presigned URLs and by the server's own calls. Object keys
 * put the agency second (`uploads/{agency}/...`, `creatives/{agency}/...`, `templates/{agency}/...`).
 */

/** How long a creative's preview URL works (the dashboard reloads long before). */
export const PREVIEW_URL_SECONDS = 6 * 3600;
/** How long the bidder's asset URL works: SigV4's longest (the bidder fetches the asset on creation). */
export const BIDDER_ASSET_URL_SECONDS = 7 * 24 * 3600;
/** How long a presigned upload may take to start. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** Options of a presigned GET. */
export interface TPresignGetOptions {
  /** How long the URL works; PREVIEW_URL_SECONDS when left out. */
  seconds?: number;
  /** The Content-Type the reply carries whatever the object's metadata says (a checked creative's type). */
  contentType?: string;
}

export interface CreativeStorage {
  /** A presigned GET of `key`. */
  presignGet(key: string, options?: TPresignGetOptions): Promise<string>;
  /** A presigned PUT of exactly `size` bytes of `contentType` to `key`. */
  presignPut(key: string, contentType: string, size: number): Promise<{ url: string; headers: Record<string, string> }>;
  /** Size and type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /**
   * Bytes `offset` to `offset + length - 1` of a stored object (fewer at its end): a ranged read,
   * so checking a 250 MB video reads its headers only.
   */
  readRange(key: string, offset: number, length: number): Promise<Uint8Array>;
  /** Copies an object, stored with `contentType`. */
  copy(fromKey: string, toKey: string, contentType: string): Promise<void>;
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** Deletes an object (an absent one is fine). */
  remove(key: string): Promise<void>;
  /** The plain (unsigned) URL of an object: how the API names an asset to the creative calls. */
  urlOf(key: string): string;
  /**
   * The object key a URL of this bucket names (path-style locally, virtual-hosted in AWS, any query
   * such as an expired signature ignored); null for any other URL.
   */
  keyFromUrl(url: string): string | null;
}
