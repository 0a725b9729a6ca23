import { describe, expect, it } from 'vitest';
import type { TCompanyMatchResult } from '@bidgrid/shared/entities/company.schema';
import { domainLines, foundCompanyInfo, initiallyIncluded, MAX_ENTRY_LENGTH } from './company-rows';

const result: TCompanyMatchResult = {
  primarySegments: [],
  uniqueSegments: [
    { domain: 'a.com', include: true, domainInfo: { domain: 'a.com', ipSegments: ['10.0.0.0/24'] } },
    { domain: 'b.com', include: true, domainInfo: { domain: 'b.com', ipSegments: ['10.0.1.0/24'] } },
    { domain: 'Acme', include: false, noMatch: { code: 'name-only', message: 'A name.' } },
  ],
  matches: 2,
};

describe('company rows', () => {
  it('drops a header line and cuts lines no domain could fill', () => {
    expect(domainLines(['Domain', 'a.com'])).toEqual(['a.com']);
    expect(domainLines(['a.com', 'domain'])).toEqual(['a.com', 'domain']);
    expect(domainLines(['x'.repeat(5000)])[0]).toHaveLength(MAX_ENTRY_LENGTH);
  });

  it('includes every matched row at first, and only matched rows ever', () => {
    const include = initiallyIncluded(result);
    expect([...include]).toEqual(['a.com', 'b.com']);
    include.delete('b.com');
    include.add('Acme');
    const info = foundCompanyInfo(result, include);
    expect(info.fromFile).toBe(true);
    expect(info.uniqueSegments.map((row) => [row.domain, row.include])).toEqual([
      ['a.com', true],
      ['b.com', false],
      ['Acme', false],
    ]);
  });
});
