import { describe, expect, it } from 'vitest';
import { CSV_MATCH_CHUNK_MAX_ENTRIES } from '../constants';
import type { TCompanyMatchResult, TCompanyRow, TNoMatchExplanations } from '../targeting/company.schema';
import { domainEntryKey, parseDomainEntry } from '../lists/domain-entry';
import { companyMatchParts, noMatchExplanationParts } from './company-match-parts';
import { fitsFrameOf, matchedCompany } from './test-parts';
import { messageBytes, REALTIME_LIMITS } from './wire';

const fitsFrame = fitsFrameOf('getCSVKickfireMatches', 999);

describe('companyMatchParts', () => {
  it('sends a short list as it is, in one chunk', () => {
    const request = { domains: ['b.com', 'a.com', 'www.b.com'] };
    expect(companyMatchParts.splitRequest?.(request, fitsFrame)).toEqual([request]);
  });

  it('cuts a long list into chunks of at most 200 entries that fit a frame, spellings of one domain together', () => {
    // Prepare: 2,000 domains, each also listed a second time further down with another spelling.
    const domains = Array.from({ length: 1000 }, (_, i) => `company-number-${i}.example.com`);
    const request = { domains: [...domains, ...domains.map((d) => `https://www.${d.toUpperCase()}/`)] };
    // Act
    const chunks = companyMatchParts.splitRequest?.(request, fitsFrame) ?? [];
    // Assess
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    for (const chunk of chunks) {
      expect(chunk.domains.length).toBeLessThanOrEqual(CSV_MATCH_CHUNK_MAX_ENTRIES);
      expect(fitsFrame(chunk)).toBe(true);
    }
    expect(chunks.flatMap((c) => c.domains).sort()).toEqual([...request.domains].sort());
    const keyOf = (domain: string) => domainEntryKey(parseDomainEntry(domain));
    const chunkOf = new Map(chunks.flatMap((chunk, i) => chunk.domains.map((domain) => [keyOf(domain), i])));
    for (const [i, chunk] of chunks.entries())
      for (const domain of chunk.domains) expect(chunkOf.get(keyOf(domain))).toBe(i);
    expect(companyMatchParts.size?.(chunks[0] as { domains: string[] })).toBe(chunks[0]?.domains.length);
  });

  it('cuts a reply too big for a message into parts and merges them back to the same result', () => {
    // Prepare
    const rows = Array.from({ length: 600 }, (_, i) => matchedCompany(`company-number-${i}.example.com`));
    const result: TCompanyMatchResult = { primarySegments: rows, uniqueSegments: rows, matches: 600 };
    const fits = (payload: TCompanyMatchResult) => messageBytes(payload) <= REALTIME_LIMITS.replyBudgetBytes;
    // Act
    const parts = companyMatchParts.splitPayload?.(result, fits) ?? [];
    // Assess
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(fits(part)).toBe(true);
    expect(companyMatchParts.merge(parts)).toEqual(result);
  });

  it('merges chunk replies: rows concatenated, a unique row seen before dropped, matches recounted', () => {
    const unmatched: TCompanyRow = {
      domain: 'nobody.example',
      include: false,
      noMatch: { code: 'not-found', message: 'No.' },
    };
    const merged = companyMatchParts.merge([
      { primarySegments: [matchedCompany('a.com')], uniqueSegments: [matchedCompany('a.com')], matches: 1 },
      {
        primarySegments: [matchedCompany('a.com'), unmatched],
        uniqueSegments: [matchedCompany('a.com'), unmatched],
        matches: 1,
      },
    ]);
    expect(merged).toEqual({
      primarySegments: [matchedCompany('a.com'), matchedCompany('a.com'), unmatched],
      uniqueSegments: [matchedCompany('a.com'), unmatched],
      matches: 1,
    });
  });
});

describe('noMatchExplanationParts', () => {
  it('cuts a long list like a match, and a reply too big for a message into parts merged back in order', () => {
    // Prepare
    const domains = Array.from({ length: 1000 }, (_, i) => `company-number-${i}.example.com`);
    const fitsExplain = fitsFrameOf('explainNoMatches', 999);
    const reply: TNoMatchExplanations = {
      reasons: domains.map((domain) => ({
        domain,
        noMatch: { code: 'not-found', message: `No company with IP ranges of its own was found for ${domain}.` },
      })),
    };
    const fits = (payload: TNoMatchExplanations) => messageBytes(payload) <= REALTIME_LIMITS.replyBudgetBytes / 4;

    // Act
    const chunks = noMatchExplanationParts.splitRequest?.({ domains }, fitsExplain) ?? [];
    const parts = noMatchExplanationParts.splitPayload?.(reply, fits) ?? [];

    // Assess
    expect(chunks.length).toBeGreaterThanOrEqual(5);
    for (const chunk of chunks) {
      expect(chunk.domains.length).toBeLessThanOrEqual(CSV_MATCH_CHUNK_MAX_ENTRIES);
      expect(fitsExplain(chunk)).toBe(true);
    }
    expect(chunks.flatMap((c) => c.domains)).toEqual(domains);
    expect(noMatchExplanationParts.size?.(chunks[0] as { domains: string[] })).toBe(chunks[0]?.domains.length);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(fits(part)).toBe(true);
    expect(noMatchExplanationParts.merge(parts)).toEqual(reply);
  });
});
