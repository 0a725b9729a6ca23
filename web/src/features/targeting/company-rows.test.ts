import { describe, expect, it } from 'vitest';
import { readCsvUpload } from '@bidgrid/shared/lists/imported-list';
import type { TCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import {
  domainLines,
  domainsToExplain,
  withExplanations,
  firstCell,
  foundCompanyInfo,
  includedOf,
  initiallyIncluded,
  MAX_ENTRY_LENGTH,
  mergeMatchResults,
} from './company-rows';

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

  it('reads back the rows a stored match keeps included', () => {
    // Prepare
    const info = foundCompanyInfo(result, new Set(['b.com']));

    // Act
    const included = includedOf(info);

    // Assess
    expect([...included]).toEqual(['b.com']);
  });

  it('merges pages and lists: every listed row kept, one unique row per domain, a match never hidden by a miss', () => {
    // Prepare
    const miss = { domain: 'a.com', include: false, noMatch: { code: 'not-found' as const, message: 'Nothing.' } };
    const other: TCompanyMatchResult = {
      primarySegments: [miss],
      uniqueSegments: [
        miss,
        { domain: 'c.com', include: true, domainInfo: { domain: 'c.com', ipSegments: ['10.0.2.0/24'] } },
      ],
      matches: 1,
    };

    // Act
    const merged = mergeMatchResults([{ ...result, primarySegments: result.uniqueSegments }, other]);
    const info = foundCompanyInfo(merged, initiallyIncluded(merged), false);

    // Assess
    expect(merged.primarySegments).toHaveLength(4);
    expect(merged.uniqueSegments.map((row) => [row.domain, Boolean(row.domainInfo)])).toEqual([
      ['a.com', true],
      ['b.com', true],
      ['Acme', false],
      ['c.com', true],
    ]);
    expect(merged.matches).toBe(3);
    expect(info.fromFile).toBe(false);
  });

  describe('CSV edge cases of the company upload', () => {
    /** The file as the upload button reads it, then as the page sends it. */
    const domainsOf = async (text: string): Promise<string[]> => {
      const read = await readCsvUpload([{ name: 'targets.csv', text: async () => text }]);
      if (!read.ok) throw new Error(read.message);
      return domainLines(read.lines);
    };

    it('CRLF line ends, blank lines and a header row', async () => {
      expect(await domainsOf('Website\r\nacme.com\r\n\r\n   \r\nglobex.com\r\n')).toEqual(['acme.com', 'globex.com']);
      expect(await domainsOf('\r\n"Domain"\r\nacme.com')).toEqual(['acme.com']);
    });

    it('quoted values, with commas inside and more columns after the domain', async () => {
      expect(await domainsOf('"acme.com"\n"globex.com","Globex, Inc."\ninitech.com,Initech\n"say ""hi"".com"')).toEqual(
        ['acme.com', 'globex.com', 'initech.com', 'say "hi".com'],
      );
      expect(firstCell('acme.com","Acme, Inc.')).toBe('acme.com');
    });

    it('keeps duplicates and invalid lines for the match to list (each line is a row; one look-up per domain)', async () => {
      expect(await domainsOf('acme.com\nACME.com\nnot a domain!\ninfo@acme.com\nacme.com')).toEqual([
        'acme.com',
        'ACME.com',
        'not a domain!',
        'info@acme.com',
        'acme.com',
      ]);
    });
  });

  it('lists the rows awaiting an explanation, and replaces only their reasons, listed and unique rows alike', () => {
    // Prepare
    const interim = (domain: string) => ({
      domain,
      include: false,
      noMatch: { code: 'no-ranges' as const, message: `No IP ranges of its own were found for ${domain}.` },
    });
    const match: TCompanyMatchResult = {
      primarySegments: [interim('https://www.Quiet.example/'), interim('quiet.example'), interim('gone.example')],
      uniqueSegments: [...result.uniqueSegments, interim('quiet.example'), interim('gone.example')],
      matches: 2,
    };
    const notFound = { code: 'not-found' as const, message: 'Nothing for quiet.example.' };

    // Act
    const explained = withExplanations(match, [
      { domain: 'quiet.example', noMatch: notFound },
      // Has ranges now: the row stays as the match left it.
      { domain: 'gone.example', noMatch: null },
      // Not a row awaiting an explanation: ignored.
      { domain: 'Acme', noMatch: notFound },
    ]);

    // Assess
    expect(domainsToExplain(match)).toEqual(['quiet.example', 'gone.example']);
    expect(explained.primarySegments.map((row) => row.noMatch?.code)).toEqual(['not-found', 'not-found', 'no-ranges']);
    expect(explained.uniqueSegments.map((row) => row.noMatch?.code ?? 'matched')).toEqual([
      'matched',
      'matched',
      'name-only',
      'not-found',
      'no-ranges',
    ]);
    expect(explained.uniqueSegments.slice(0, 2)).toEqual(match.uniqueSegments.slice(0, 2));
    expect(explained.matches).toBe(2);
    expect(domainsToExplain(explained)).toEqual(['gone.example']);
  });
});
