import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { advertiser, campaign, report } from '@bidgrid/shared';
import { zId } from '@bidgrid/shared/ids';
import {
  DATE_BOUNDARIES,
  NUMBER_EXTREMES,
  boundaryArbitrary,
  boundaryCases,
  fuzzArbitrary,
  invalidArbitrary,
  nastyValues,
  nearMisses,
  sampleCases,
  validArbitrary,
} from './zod-arbitrary';

const share = (values: unknown[], test: (v: unknown) => boolean): number => values.filter(test).length / values.length;

describe('zod arbitraries', () => {
  it('build values the schema accepts from its structure, checks, formats and patterns', () => {
    // Prepare
    const schemas = [
      // Without the phone: its rule is a refinement, which no generator can invert (the fuzz hands valid
      // numbers in by key).
      z.omit(advertiser.createAdvertiser.body, { phone: true }),
      campaign.getCampaignDailyReport.query,
      report.getLineItemsReport.query,
      z.object({
        id: zId('campaign'),
        tags: z.array(z.enum(['a', 'b'])).check(z.minLength(1), z.maxLength(2)),
        n: z.number().check(z.int(), z.gte(1), z.lte(9)),
      }),
    ];

    for (const schema of schemas) {
      // Act
      const values = sampleCases(validArbitrary(schema), 200, 7);

      // Assess
      expect(share(values, (v) => schema.safeParse(v).success)).toBeGreaterThan(0.95);
    }
  });

  it('mixes known values into the leaves that accept them', () => {
    // Prepare
    const schema = z.object({ advertiserId: zId('advertiser'), campaignId: zId('campaign') });

    // Act
    const values = sampleCases(validArbitrary(schema, { known: ['bgAdvertiser-fuzz', 'bg-campaign-fuzz'] }), 200, 3);

    // Assess
    const advertisers = values.map((v) => (v as { advertiserId: string }).advertiserId);
    expect(share(advertisers, (id) => id === 'bgAdvertiser-fuzz')).toBeGreaterThan(0.5);
    expect(values.some((v) => (v as { campaignId: string }).campaignId === 'bgAdvertiser-fuzz')).toBe(false);
  });

  it('mixes per-field hints into the properties of that name', () => {
    // Prepare
    const schema = z.object({
      domain: z.string().check(z.minLength(1)),
      name: z.string().check(z.minLength(1)),
      n: z.number().check(z.int()),
    });

    // Act
    const values = sampleCases(validArbitrary(schema, { byKey: { domain: ['acme.example'], n: [7, 'x'] } }), 200, 4);

    // Assess
    const rows = values as Array<{ domain: string; name: string; n: number }>;
    expect(share(rows, (v) => (v as { domain: string }).domain === 'acme.example')).toBeGreaterThan(0.5);
    expect(share(rows, (v) => (v as { n: number }).n === 7)).toBeGreaterThan(0.5);
    expect(rows.some((v) => v.name === 'acme.example')).toBe(false);
  });

  it('puts leaves on and past their limits, dates on both sides of the date rule', () => {
    // Prepare
    const schema = z.object({
      name: z.string().check(z.minLength(2), z.maxLength(5)),
      day: z.iso.date(),
      n: z.number().check(z.gte(1), z.lte(10)),
    });

    // Act
    const values = sampleCases(boundaryArbitrary(schema), 400, 11) as Array<{ name: string; day: string; n: number }>;

    // Assess
    const lengths = new Set(values.map((v) => v.name.length));
    for (const length of [1, 2, 5, 6]) expect(lengths).toContain(length);
    const days = new Set(values.map((v) => v.day));
    for (const day of ['0000-01-01', '2000-01-01', '2100-12-31', '2101-01-01']) expect(days).toContain(day);
    const numbers = new Set(values.map((v) => v.n));
    for (const n of [1, 10, 1e308]) expect(numbers).toContain(n);
  });

  it('walks every leaf through every edge, one at a time, list elements and absent fields included', () => {
    // Prepare
    const schema = z.object({
      name: z.string().check(z.minLength(1), z.maxLength(255)),
      kind: z.enum(['managed', 'custom']),
      ranges: z.array(z.string().check(z.maxLength(18))).check(z.minLength(1)),
      bid: z.number().check(z.positive(), z.lte(100)),
      note: z.optional(z.string().check(z.maxLength(10))),
    });
    const value = { name: 'Acme', kind: 'managed', ranges: ['198.18.0.0/22'], bid: 12 };

    // Act
    const cases = boundaryCases(schema, value);

    // Assess: each case changes one leaf, and every leaf is walked.
    const at = (path: string) => cases.filter((c) => c.path.join('.') === path).map((c) => c.edge);
    expect(new Set(cases.map((c) => c.path.join('.')))).toEqual(
      new Set(['name', 'kind', 'ranges', 'ranges.0', 'bid', 'note']),
    );
    expect(at('name').map((edge) => (edge as string).length)).toEqual(expect.arrayContaining([255, 256, 0, 5000]));
    expect(at('kind')).toEqual(expect.arrayContaining(['managed', 'custom', 'MANAGED', 'managedx']));
    expect(at('ranges.0')).toEqual(
      expect.arrayContaining(['0.18.0.0/22', '198.999.0.0/22', '198.18.0.0/999', '198.18.0.0/0']),
    );
    expect(at('bid')).toEqual(expect.arrayContaining([100, 100.01, ...NUMBER_EXTREMES]));
    for (const c of cases) {
      const changed = Object.keys(value).filter(
        (key) =>
          JSON.stringify((c.value as Record<string, unknown>)[key]) !==
          JSON.stringify(value[key as keyof typeof value]),
      );
      expect(changed.length).toBeLessThanOrEqual(1);
    }
    expect(cases.find((c) => c.path[0] === 'note')?.value).toMatchObject({ name: 'Acme', note: expect.any(String) });
  });

  it('moves a string just outside its format: digit runs at their ends, the other case, one character more or less', () => {
    // Act
    const misses = nearMisses('US-TX');
    const zip = nearMisses('78701');

    // Assess
    expect(misses).toEqual(expect.arrayContaining(['us-tx', 'US-TXx', 'US-T', ' US-TX ']));
    expect(zip).toEqual(expect.arrayContaining(['0', '999999', '7870', '-1', '78701.5']));
    expect(nearMisses('')).toEqual([]);
    expect(nearMisses(42)).toEqual([]);
  });

  it('moves one leaf at a time to its limits, keeping the rest valid', () => {
    // Prepare
    const schema = z.object({
      a: z.string().check(z.minLength(1), z.maxLength(3)),
      b: z.number().check(z.int(), z.gte(1), z.lte(5)),
    });

    // Act
    const values = sampleCases(boundaryArbitrary(schema), 300, 8) as Array<{ a: string; b: number }>;

    // Assess
    const aOut = (v: { a: string }) => v.a.length < 1 || v.a.length > 3;
    const bOut = (v: { b: number }) => v.b < 1 || v.b > 5;
    expect(values.some(aOut)).toBe(true);
    expect(values.some(bOut)).toBe(true);
    expect(values.filter((v) => aOut(v) && bOut(v))).toEqual([]);
  });

  it('mutates valid values so that many fail, with wrong types, huge strings, controls and missing fields', () => {
    // Prepare
    const schema = advertiser.createAdvertiser.body;

    // Act
    const values = sampleCases(invalidArbitrary(schema), 300, 5);

    // Assess
    // Not all: an extra field is dropped, and 'NaN' is a fine name.
    expect(share(values, (v) => !schema.safeParse(v).success)).toBeGreaterThan(0.5);
    const text = JSON.stringify(values);
    expect(text).toContain('\\u0000');
    expect(text).toContain('\u202E');
    expect(text).toContain('1e+308');
    expect(text).toContain('0000-01-01');
    expect(values.some((v) => v !== null && typeof v === 'object' && !('name' in v) && 'phone' in v)).toBe(true);
  });

  it('keeps URL-bound nasty strings short and free of lone surrogates', () => {
    // Act
    const values = nastyValues({ maxNastyLength: 5_000, urlSafe: true }).filter(
      (v): v is string => typeof v === 'string',
    );

    // Assess
    for (const v of values) expect(encodeURIComponent(v).length).toBeLessThanOrEqual(6_000);
    expect(values.some((v) => v.length >= 5_000)).toBe(true);
    expect(DATE_BOUNDARIES.outside).toContain('0000-01-01');
  });

  it('tags each case of the mix with its kind, reproducibly from a seed', () => {
    // Act
    const first = sampleCases(fuzzArbitrary(zId('creative')), 100, 42);
    const again = sampleCases(fuzzArbitrary(zId('creative')), 100, 42);

    // Assess
    expect(again).toEqual(first);
    expect(new Set(first.map((c) => c.kind))).toEqual(new Set(['valid', 'boundary', 'invalid']));
    expect(fc.sample(fc.constant(1), 1)).toEqual([1]);
  });
});
