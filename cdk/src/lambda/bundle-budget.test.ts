import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BUNDLE_BUDGET, budgetViolations, bytesByOrigin, inputOrigin, medianBytes } from './bundle-budget';
import { bundleAll, type BundleSize } from './bundles';
import { allEntries } from './entries';

const KB = 1024;
const bundle = (outName: string, kb: number, inputs: BundleSize['inputs'] = []): BundleSize => ({
  outName,
  bytes: kb * KB,
  inputs,
});

const outdir = mkdtempSync(join(tmpdir(), 'bidgrid-bundle-budget-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('Lambda bundle budget', () => {
  it('takes the median of an odd and an even number of bundles', () => {
    // Prepare
    const odd = [bundle('a', 300), bundle('b', 10), bundle('c', 50)];
    const even = [...odd, bundle('d', 70)];

    // Act
    const medians = [medianBytes(odd), medianBytes(even), medianBytes([])];

    // Assess
    expect(medians).toEqual([50 * KB, 60 * KB, 0]);
  });

  it('names what a bundle is made of by package, else by folder', () => {
    // Prepare
    const inputs = [
      { path: 'node_modules/zod/v4/core/schemas.js', bytes: 30 },
      { path: 'node_modules/zod/v4/classic/schemas.js', bytes: 20 },
      { path: 'node_modules/@middy/core/index.js', bytes: 5 },
      { path: 'lambdas/src/adapters/dynamodb.ts', bytes: 8 },
      { path: 'lambdas/src/adapters/repositories/agency.repository.ts', bytes: 4 },
      { path: 'lambdas/src/config.ts', bytes: 2 },
    ];

    // Act
    const origins = bytesByOrigin(inputs);

    // Assess
    expect(origins).toEqual([
      { origin: 'zod', bytes: 50 },
      { origin: 'lambdas/src/adapters', bytes: 12 },
      { origin: '@middy/core', bytes: 5 },
      { origin: 'lambdas/src/config.ts', bytes: 2 },
    ]);
    expect(inputOrigin('lambdas/node_modules/stripe/esm/stripe.esm.node.js')).toBe('stripe');
  });

  it('holds when the median and every bundle are within it, and says what breaks it otherwise', () => {
    // Prepare
    const within = [bundle('http/a', 90), bundle('http/b', 100), bundle('jobs/c', 300)];
    const heavy = bundle('http/pay', 301, [
      { path: 'node_modules/stripe/esm/stripe.esm.node.js', bytes: 240 * KB },
      { path: 'lambdas/src/lib/http.ts', bytes: 5 * KB },
    ]);
    const over = [bundle('http/a', 101), bundle('http/b', 120), heavy];

    // Act
    const none = budgetViolations(within);
    const found = budgetViolations(over);

    // Assess
    expect(none).toEqual([]);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^median 120\.0 KB is over 100\.0 KB \(a bundle at the median: http\/b 120\.0 KB/);
    expect(found[1]).toBe('over 300.0 KB: http/pay 301.0 KB: stripe 240.0 KB, lambdas/src/lib 5.0 KB');
  });

  it("keeps every Lambda's bundle, as a deploy builds it, within the budget", () => {
    // Prepare
    const entries = allEntries();

    // Act
    const sizes = bundleAll(entries, outdir);

    // Assess
    expect(sizes).toHaveLength(entries.length);
    expect(budgetViolations(sizes), `budget: ${JSON.stringify(BUNDLE_BUDGET)}`).toEqual([]);
  }, 120_000);
});
