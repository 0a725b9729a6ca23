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
import { config } from '../kernel/config';
import { PREVIEW_URL_SECONDS, UPLOAD_URL_SECONDS } from '../domain/ports/creative-storage.port';
import type { CreativeStorage } from '../domain/ports/creative-storage.port';

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
  const hosts = [
    `${name}.s3.${cfg.AWS_REGION}.amazonaws.com`,
    `${name}.s3.amazonaws.com`,
    ...(cfg.CREATIVE_CDN_DOMAIN ? [cfg.CREATIVE_CDN_DOMAIN] : []),
  ];
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

/**
 * A presigned GET as readers get it. In the cloud it goes through the creative distribution, whose response
 * headers add `nosniff` (`cdk/src/storage/creative-cdn.ts`): only the host changes, and CloudFront sends
 * S3 the bucket's own Host, which is all the signature covers. Locally the emulator's URL is the one.
 */
function throughCdn(presigned: string): string {
  const cfg = config();
  if (!cfg.CREATIVE_CDN_DOMAIN || cfg.S3_ENDPOINT) return presigned;
  const origin = `https://${bucket()}.s3.${cfg.AWS_REGION}.amazonaws.com/`;
  if (!presigned.startsWith(origin)) throw new Error(`A presigned creative URL is not on ${origin}`);
  return `https://${cfg.CREATIVE_CDN_DOMAIN}/${presigned.slice(origin.length)}`;
}

/**
 * How many times a read whose body broke off is made. The SDK retries a request that fails, but not
 * the reading of a body it already handed over: a connection that closes mid-body (S3 may reset one;
 * it happened to s3rver under the integration suite's load) fails the read with `aborted`.
 */
const BODY_READ_ATTEMPTS = 3;

/** True for a body that broke off part-way: the connection reset or closed before its last byte. */
function brokeOffMidBody(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || code === 'EPIPE' || message === 'aborted';
}

/** The S3 implementation (s3rver locally). */
export const creativeStorage: CreativeStorage = {
  presignGet: async (key, options = {}) =>
    throughCdn(
      await getSignedUrl(
        s3(),
        new GetObjectCommand({
          Bucket: bucket(),
          Key: key,
          // S3 then answers with this type whatever the object's metadata says.
          ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
        }),
        { expiresIn: options.seconds ?? PREVIEW_URL_SECONDS },
      ),
    ),
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
  async readRange(key, offset, length) {
    if (length <= 0) return new Uint8Array(0);
    for (let attempt = 1; ; attempt++) {
      try {
        const out = await s3().send(
          new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
        );
        const bytes = out.Body ? await out.Body.transformToByteArray() : new Uint8Array(0);
        // A store that ignores Range answers the whole object (no Content-Range): cut the range out.
        return out.ContentRange ? bytes.subarray(0, length) : bytes.subarray(offset, offset + length);
      } catch (error) {
        // A range that starts past the end: nothing there to read.
        if ((error as { name?: string }).name === 'InvalidRange') return new Uint8Array(0);
        if (attempt >= BODY_READ_ATTEMPTS || !brokeOffMidBody(error)) throw error;
      }
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
