import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { config } from '../config';

/** How long a creative's preview URL works (the dashboard reloads long before). */
export const PREVIEW_URL_SECONDS = 6 * 3600;
/** How long the bidder's asset URL works: SigV4's longest (the bidder fetches the asset on creation). */
export const BIDDER_ASSET_URL_SECONDS = 7 * 24 * 3600;
/** How long a presigned upload may take to start. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** The creative bucket: private, reached by presigned URLs and by the API's own calls. */
export interface CreativeStorage {
  /** A presigned GET of `key`, valid `seconds`. */
  presignGet(key: string, seconds?: number): Promise<string>;
  /** A presigned PUT of exactly `size` bytes of `contentType` to `key`. */
  presignPut(key: string, contentType: string, size: number): Promise<{ url: string; headers: Record<string, string> }>;
  /** Size and type of a stored object, or null when there is none. */
  head(key: string): Promise<{ size: number; contentType: string | null } | null>;
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

let client: S3Client | undefined;

function s3(): S3Client {
  if (client) return client;
  const cfg = config();
  client = new S3Client({
    region: cfg.AWS_REGION,
    // s3rver (TOOLCHAIN.md): path style, and no checksums unless required, or streamed bodies are
    // stored with aws-chunked framing.
    ...(cfg.S3_ENDPOINT ? { endpoint: cfg.S3_ENDPOINT, forcePathStyle: true } : {}),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return client;
}

const bucket = (): string => config().CREATIVE_BUCKET;

function keyFromUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const cfg = config();
  const name = bucket();
  const decode = (path: string): string | null => {
    try {
      const key = path.split('/').map(decodeURIComponent).join('/');
      return key.length > 0 && !key.split('/').includes('..') ? key : null;
    } catch {
      return null;
    }
  };
  if (cfg.S3_ENDPOINT) {
    const endpoint = new URL(cfg.S3_ENDPOINT);
    const prefix = `/${name}/`;
    if (parsed.origin !== endpoint.origin || !parsed.pathname.startsWith(prefix)) return null;
    return decode(parsed.pathname.slice(prefix.length));
  }
  const hosts = [`${name}.s3.${cfg.AWS_REGION}.amazonaws.com`, `${name}.s3.amazonaws.com`];
  if (parsed.protocol !== 'https:' || !hosts.includes(parsed.hostname)) return null;
  return decode(parsed.pathname.slice(1));
}

function urlOf(key: string): string {
  const cfg = config();
  const path = key.split('/').map(encodeURIComponent).join('/');
  return cfg.S3_ENDPOINT
    ? `${cfg.S3_ENDPOINT.replace(/\/+$/, '')}/${bucket()}/${path}`
    : `https://${bucket()}.s3.${cfg.AWS_REGION}.amazonaws.com/${path}`;
}

/** The S3 implementation (s3rver locally). */
export const creativeStorage: CreativeStorage = {
  presignGet: (key, seconds = PREVIEW_URL_SECONDS) =>
    getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: seconds }),
  async presignPut(key, contentType, size) {
    const url = await getSignedUrl(
      s3(),
      new PutObjectCommand({ Bucket: bucket(), Key: key, ContentType: contentType, ContentLength: size }),
      { expiresIn: UPLOAD_URL_SECONDS, signableHeaders: new Set(['content-type', 'content-length']) },
    );
    return { url, headers: { 'Content-Type': contentType } };
  },
  async head(key) {
    try {
      const out = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType ?? null };
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  },
  async copy(fromKey, toKey, contentType) {
    await s3().send(
      new CopyObjectCommand({
        Bucket: bucket(),
        Key: toKey,
        CopySource: `${bucket()}/${fromKey.split('/').map(encodeURIComponent).join('/')}`,
        ContentType: contentType,
        MetadataDirective: 'REPLACE',
      }),
    );
  },
  async put(key, body, contentType) {
    await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
  },
  async remove(key) {
    await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
  },
  urlOf,
  keyFromUrl,
};

/** Tests only: forget the client so another configuration builds a fresh one. */
export function resetCreativeStorageForTests(): void {
  client = undefined;
}
