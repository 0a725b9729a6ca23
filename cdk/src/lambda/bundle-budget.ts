import type { BundleInput, BundleSize } from './bundles';

/**
 * The Lambda bundles' size budget (issue 16, cold starts): what a function downloads and parses
 * before its first request grows with its bundle. `bundle-budget.test.ts` holds every bundle to it.
 */
export const BUNDLE_BUDGET = {
  medianBytes: 100 * 1024,
  largestBytes: 300 * 1024,
} as const;

/** The median of the bundles' sizes (the mean of the middle two for an even count); 0 for none. */
export function medianBytes(sizes: readonly BundleSize[]): number {
  const ascending = sizes.map((s) => s.bytes).sort((a, b) => a - b);
  if (ascending.length === 0) return 0;
  const middle = Math.floor(ascending.length / 2);
  return ascending.length % 2 === 1
    ? (ascending[middle] as number)
    : ((ascending[middle - 1] as number) + (ascending[middle] as number)) / 2;
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

/** Where an input comes from: its npm package, else its folder (`lambdas/src/adapters`, `shared/src/campaigns`). */
export function inputOrigin(path: string): string {
  const pkg = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg?.[1]) return pkg[1];
  const parts = path.split('/');
  return parts.length > 3 ? parts.slice(0, 3).join('/') : path;
}

/** A bundle's bytes by origin (package or folder), largest first. */
export function bytesByOrigin(inputs: readonly BundleInput[]): Array<{ origin: string; bytes: number }> {
  const totals = new Map<string, number>();
  for (const input of inputs)
    totals.set(inputOrigin(input.path), (totals.get(inputOrigin(input.path)) ?? 0) + input.bytes);
  return [...totals].map(([origin, bytes]) => ({ origin, bytes })).sort((a, b) => b.bytes - a.bytes);
}

/** One line per bundle: its size and the origins that weigh most in it. */
export function describeBundle(size: BundleSize, origins = 5): string {
  const heaviest = bytesByOrigin(size.inputs)
    .slice(0, origins)
    .map((o) => `${o.origin} ${kb(o.bytes)}`)
    .join(', ');
  return `${size.outName} ${kb(size.bytes)}: ${heaviest}`;
}

/**
 * What breaks the budget, in words (empty when it holds): the median over `medianBytes`, and each
 * bundle over `largestBytes` with what weighs most in it, so the failure says where to look.
 */
export function budgetViolations(sizes: readonly BundleSize[], budget = BUNDLE_BUDGET): string[] {
  const violations: string[] = [];
  const median = medianBytes(sizes);
  if (median > budget.medianBytes) {
    const middle = [...sizes].sort((a, b) => a.bytes - b.bytes)[Math.floor(sizes.length / 2)];
    violations.push(
      `median ${kb(median)} is over ${kb(budget.medianBytes)}${middle ? ` (a bundle at the median: ${describeBundle(middle)})` : ''}`,
    );
  }
  for (const size of [...sizes].sort((a, b) => b.bytes - a.bytes)) {
    if (size.bytes > budget.largestBytes) violations.push(`over ${kb(budget.largestBytes)}: ${describeBundle(size)}`);
  }
  return violations;
}
