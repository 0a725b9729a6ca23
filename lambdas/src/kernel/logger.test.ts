import '../test-env';
import { describe, expect, it } from 'vitest';
import { REDACTED, createLogger, redact } from './logger';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';

function capture(level: 'debug' | 'info' | 'warn' | 'error' | 'silent' = 'debug') {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({ level, sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { lines, log };
}

describe('redact', () => {
  it('drops authorization headers, tokens, secrets, passwords and card data by key', () => {
    // Prepare
    const value = {
      headers: {
        Authorization: 'Bearer abc',
        authorization: 'Bearer def',
        'content-type': 'application/json',
        Cookie: 'ACCESS_TOKEN=x',
      },
      accessToken: 'a',
      refresh_token: 'r',
      clientSecret: 's',
      password: 'Demo-pass-1',
      passwordConfirm: 'Demo-pass-1',
      card: { number: '4242424242424242', exp_month: 12, cvc: '123' },
      cardNumber: '4000056655665556',
      name: 'Demo Agency',
    };

    // Act
    const out = redact(value) as Record<string, Record<string, unknown>>;

    // Assess
    expect(out['headers']).toEqual({
      Authorization: REDACTED,
      authorization: REDACTED,
      'content-type': 'application/json',
      Cookie: REDACTED,
    });
    for (const key of [
      'accessToken',
      'refresh_token',
      'clientSecret',
      'password',
      'passwordConfirm',
      'card',
      'cardNumber',
    ]) {
      expect(out[key]).toBe(REDACTED);
    }
    expect(out['name']).toBe('Demo Agency');
  });

  it('masks JWTs, bearer values, Stripe keys and card numbers inside text', () => {
    // Act
    const out = redact({
      message: `header was Bearer ${JWT} and ${JWT}`,
      note: 'key sk_test_51abcDEF and card 4242 4242 4242 4242 charged',
      harmless: 'order 1234567890123 at 1700000000000',
    }) as Record<string, string>;

    // Assess
    expect(out['message']).not.toContain('eyJ');
    expect(out['message']).toContain(`Bearer ${REDACTED}`);
    expect(out['note']).toBe(`key ${REDACTED} and card ${REDACTED} charged`);
    // Numbers that fail the Luhn check are not card numbers.
    expect(out['harmless']).toBe('order 1234567890123 at 1700000000000');
  });

  it('turns errors into plain objects, redacted, and survives cycles', () => {
    // Prepare
    const error = new Error(`token ${JWT} rejected`);
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;

    // Act
    const out = redact({ error, cyclic }) as Record<string, Record<string, unknown>>;

    // Assess
    expect(out['error']?.['name']).toBe('Error');
    expect(out['error']?.['message']).toBe(`token ${REDACTED} rejected`);
    expect(out['cyclic']?.['self']).toBe('[Circular]');
  });
});

describe('createLogger', () => {
  it('writes one JSON line with level, message, bound context and fields, redacted', () => {
    // Prepare
    const { lines, log } = capture('info');

    // Act
    log.child({ operation: 'getPlaybooks', requestId: 'r-1' }).info('request completed', {
      username: 'demo',
      agencyId: 'bgAgency-1',
      status: 200,
      durationMs: 12,
      headers: { Authorization: `Bearer ${JWT}` },
    });

    // Assess
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      message: 'request completed',
      operation: 'getPlaybooks',
      requestId: 'r-1',
      username: 'demo',
      agencyId: 'bgAgency-1',
      status: 200,
      durationMs: 12,
      headers: { Authorization: REDACTED },
    });
    expect(JSON.stringify(lines[0])).not.toContain('eyJ');
  });

  it('drops lines below its level and everything when silent', () => {
    // Prepare
    const warnOnly = capture('warn');
    const silent = capture('silent');

    // Act
    warnOnly.log.info('hidden');
    warnOnly.log.error('shown');
    silent.log.error('hidden');

    // Assess
    expect(warnOnly.lines.map((l) => l['message'])).toEqual(['shown']);
    expect(silent.lines).toEqual([]);
  });
});
