import { describe, expect, it } from 'vitest';
import { MAX_TYPO_PROBES, typoCandidates } from './typo-candidates';

describe('typoCandidates', () => {
  it('fixes a mistyped top-level part', () => {
    expect(typoCandidates('bluepeaklogistics.con')).toEqual(['bluepeaklogistics.com']);
    expect(typoCandidates('northwind.ogr')).toEqual(['northwind.org']);
  });

  it('drops one letter of a doubled pair', () => {
    expect(typoCandidates('northwindanalytiics.io')).toEqual(['northwindanalytics.io']);
  });

  it('offers nothing for a domain without a usual slip, and never more than a few', () => {
    expect(typoCandidates('acme.com')).toEqual([]);
    expect(typoCandidates('aabbccdd.con').length).toBe(MAX_TYPO_PROBES);
  });
});
