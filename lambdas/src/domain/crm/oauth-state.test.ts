import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signState, verifyState } from './oauth-state';

const key = randomBytes(32);
const state = {
  a: 'bgAgency-demo',
  u: 'demo',
  adv: 'bgAdvertiser-acme',
  n: 'nonce-0123456789abcdef',
  exp: 1_800_000_000,
};

describe('OAuth state', () => {
  it('verifies its own signature', () => {
    expect(verifyState(signState(state, key), key)).toEqual(state);
  });

  it('refuses a forged body, another key and mangled values', () => {
    // Prepare
    const signed = signState(state, key);
    const [, signature] = signed.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ ...state, adv: 'bgAdvertiser-other' })).toString('base64url');

    // Act + Assess
    expect(verifyState(`${forgedBody}.${signature}`, key)).toBeNull();
    expect(verifyState(signed, randomBytes(32))).toBeNull();
    expect(verifyState('no-dot', key)).toBeNull();
    expect(verifyState(`${signed}.extra`, key)).toBeNull();
    const notJson = Buffer.from('nope').toString('base64url');
    expect(verifyState(signState(state, key).replace(/^[^.]+/, notJson), key)).toBeNull();
  });
});
