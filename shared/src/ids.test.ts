import { describe, expect, it } from 'vitest';
import { ID_PREFIX } from './constants';
import { MAX_ID_LENGTH, isId, newId, zId, type TIdKind } from './ids';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const kinds = Object.keys(ID_PREFIX) as TIdKind[];

describe('newId', () => {
  it.each(kinds)('makes %s ids: the prefix and a UUID', (kind) => {
    // Act
    const id = newId(kind);
    // Assess
    expect(id.startsWith(ID_PREFIX[kind])).toBe(true);
    expect(id.slice(ID_PREFIX[kind].length)).toMatch(UUID);
    expect(isId(kind, id)).toBe(true);
  });

  it('accepts the prefix itself', () => {
    expect(newId(ID_PREFIX.campaign)).toMatch(/^bg-campaign-[0-9a-f-]{36}$/);
  });

  it('never repeats', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('creative')));
    expect(ids.size).toBe(1000);
  });

  it('refuses an unknown kind', () => {
    expect(() => newId('bg-unknown-' as TIdKind)).toThrow(/Unknown id kind/);
  });
});

describe('isId and zId', () => {
  it('checks the prefix and the characters after it', () => {
    expect(isId('agency', 'bgAgency-demo')).toBe(true);
    expect(isId('agency', 'bgAgency-')).toBe(false);
    expect(isId('agency', 'bgAgency-a b')).toBe(false);
    expect(isId('agency', 'bgAdvertiser-demo')).toBe(false);
    expect(isId('agency', 42)).toBe(false);
  });

  it('does not take an ad-group template id for an ad group id', () => {
    const template = newId('adGroupTemplate');
    expect(isId('adGroup', template)).toBe(false);
    expect(isId('adGroupTemplate', template)).toBe(true);
  });

  it('says which prefix was expected', () => {
    const result = zId('campaign').safeParse('bgAgency-1');
    expect(result.error?.issues[0]?.message).toBe('Must be an id starting with bg-campaign-');
  });
});

describe('id length', () => {
  it('caps every id, so none can outgrow a DynamoDB key (a 5,000-character id once answered 500)', () => {
    // Prepare
    const schema = zId('advertiser');
    const atLimit = `bgAdvertiser-${'a'.repeat(MAX_ID_LENGTH - 'bgAdvertiser-'.length)}`;

    // Act + Assess
    expect(MAX_ID_LENGTH).toBeLessThanOrEqual(128);
    expect(schema.safeParse(atLimit).success).toBe(true);
    expect(schema.safeParse(`${atLimit}a`).success).toBe(false);
    expect(schema.safeParse(`bgAdvertiser-${'a'.repeat(5000)}`).success).toBe(false);
    expect(isId('advertiser', `${atLimit}a`)).toBe(false);
  });
});
