import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptText, deriveKey, encryptText, hmac, safeEqual } from './crypto';

const master = randomBytes(32);

describe('token encryption', () => {
  it('round-trips and never stores the plaintext', () => {
    // Prepare
    const key = deriveKey(master, 'crm-tokens');

    // Act
    const sealed = encryptText('refresh-token-123', key, 'crm:a:b');

    // Assess
    expect(sealed).not.toContain('refresh-token-123');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(decryptText(sealed, key, 'crm:a:b')).toBe('refresh-token-123');
    expect(encryptText('refresh-token-123', key, 'crm:a:b')).not.toBe(sealed);
  });

  it('refuses another context, another key or a changed byte', () => {
    // Prepare
    const key = deriveKey(master, 'crm-tokens');
    const sealed = encryptText('secret', key, 'crm:a:b');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[2] as string, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const tampered = [parts[0], parts[1], body.toString('base64url'), parts[3]].join('.');

    // Act + Assess
    expect(() => decryptText(sealed, key, 'crm:a:c')).toThrow();
    expect(() => decryptText(sealed, deriveKey(master, 'oauth-state'), 'crm:a:b')).toThrow();
    expect(() => decryptText(tampered, key, 'crm:a:b')).toThrow();
    expect(() => decryptText('garbage', key, 'crm:a:b')).toThrow('Not an encrypted value');
  });

  it('derives different keys per purpose and refuses a short master key', () => {
    expect(deriveKey(master, 'a').equals(deriveKey(master, 'b'))).toBe(false);
    expect(() => deriveKey(randomBytes(16), 'a')).toThrow();
  });

  it('compares signatures safely', () => {
    const key = deriveKey(master, 'x');
    expect(safeEqual(hmac('data', key), hmac('data', key))).toBe(true);
    expect(safeEqual(hmac('data', key), hmac('date', key))).toBe(false);
    expect(safeEqual('a', 'ab')).toBe(false);
  });
});
