import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** Bytes of an AES-256 key, of the master key and of every key derived from it. */
export const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/**
 * A purpose-bound key from the master key (HKDF-SHA256): one master secret serves token encryption
 * and state signing, yet a key leaked from one use is useless for the other.
 */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  if (master.length !== KEY_BYTES) throw new Error(`The master key must be ${KEY_BYTES} bytes`);
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `bidgrid/${purpose}`, KEY_BYTES));
}

/**
 * Encrypts text with AES-256-GCM: `v1.{iv}.{ciphertext}.{tag}` (base64url parts). `context` is
 * authenticated but not stored (additional data): pass what the ciphertext belongs to (agency and
 * advertiser) so a value copied onto another item cannot be decrypted there.
 */
export function encryptText(plaintext: string, key: Buffer, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [FORMAT, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Decrypts `encryptText` output; throws when the key, the context or a single byte differs. */
export function decryptText(sealed: string, key: Buffer, context: string): string {
  const [format, iv, ciphertext, tag, extra] = sealed.split('.');
  if (format !== FORMAT || iv === undefined || ciphertext === undefined || tag === undefined || extra !== undefined) {
    throw new Error('Not an encrypted value');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/** HMAC-SHA256 of `data`, base64url. */
export function hmac(data: string, key: Buffer): string {
  return createHmac('sha256', key).update(data, 'utf8').digest('base64url');
}

/** Compares two strings in constant time (for signatures). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
