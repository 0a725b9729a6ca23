import { deriveKey, KEY_BYTES } from '../kernel/crypto';
import { InternalError } from '../kernel/errors';
import type { SecretReader, TokenKeys } from '../domain/ports/secrets.port';
import { getSecret } from './secrets';

let cached: Promise<TokenKeys> | undefined;

/** Derives the keys from a base64 master key of 32 bytes. */
export async function loadTokenKeys(read: SecretReader = getSecret): Promise<TokenKeys> {
  const master = Buffer.from(await read('TOKEN_ENCRYPTION_KEY'), 'base64');
  if (master.length !== KEY_BYTES) {
    throw new InternalError(`TOKEN_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64, got ${master.length}`);
  }
  return {
    crmTokens: deriveKey(master, 'crm-tokens'),
    oauthState: deriveKey(master, 'oauth-state'),
    pageCursor: deriveKey(master, 'page-cursor'),
    pickerTicket: deriveKey(master, 'crm-picker-ticket'),
  };
}

/**
 * The token keys of this warm Lambda. The master key is a SecureString parameter in the cloud (KMS
 * encrypts it at rest; the Lambda decrypts it once per cold start) and an environment variable locally.
 */
export function tokenKeys(): Promise<TokenKeys> {
  cached ??= loadTokenKeys();
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
