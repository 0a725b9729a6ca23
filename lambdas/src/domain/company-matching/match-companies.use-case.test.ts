import { describe, expect, it, vi } from 'vitest';
import { ZCompanyMatchResult } from '@bidgrid/shared/entities/company.schema';
import type { CompanyMatcher, TDomainLookup } from '../ports/company-matcher.port';
import { memoryLookupCache } from '../test-fakes';
import type { SegmentsLogRepository, TStoredSegmentsLogEntry } from '../ports/segments-log.port';
import { matchCompanies, matchingRunKey, MAX_RANGES_PER_COMPANY, rowLabel } from './match-companies.use-case';
import type { MatchCompaniesDeps } from './match-companies.use-case';

/** What the fake vendor answers for a domain it knows. */
type TKnown = TDomainLookup extends infer L ? (L extends TDomainLookup ? Omit<L, 'domain'> : never) : never;

/** A vendor that knows a few domains, counting look-ups. */
function fakeMatcher(known: Record<string, TKnown>) {
  const calls: string[] = [];
  const matcher: CompanyMatcher = {
    lookup: async (domain) => {
      calls.push(domain);
      return { domain, ...(known[domain] ?? { outcome: 'unknown' }) } as TDomainLookup;
    },
  };
  return { matcher, calls };
}

/** An in-memory segments log keyed as DynamoDB keys it (month partition, date#id). */
function memoryLog(): Pick<SegmentsLogRepository, 'runDate' | 'putEntries'> & {
  items: Map<string, TStoredSegmentsLogEntry>;
  runs: Map<string, string>;
} {
  const items = new Map<string, TStoredSegmentsLogEntry>();
  const runs = new Map<string, string>();
  return {
    items,
    runs,
    runDate: async (runKey, now) => {
      if (!runs.has(runKey)) runs.set(runKey, now.toISOString());
      return runs.get(runKey) as string;
    },
    putEntries: async (entries) => {
      for (const entry of entries) items.set(`${entry.date}#${entry.id}`, entry);
    },
  };
}

const KNOWN: Record<string, TKnown> = {
  'bluepeaklogistics.com': {
    outcome: 'matched',
    companyName: 'Bluepeak Logistics',
    ranges: ['198.18.0.0/22', '198.19.0.0/24'],
  },
  'northwindanalytics.io': { outcome: 'matched', companyName: 'Northwind Analytics', ranges: ['198.18.4.0/22'] },
  'bluepeak-freight.com': { outcome: 'redirected', redirectsTo: 'bluepeaklogistics.com' },
  'quillandcrumb.com': { outcome: 'no-own-ranges', companyName: 'Quill & Crumb Bakery' },
};

function deps(
  matcher: CompanyMatcher,
  log = memoryLog(),
  now = new Date('2026-11-25T10:00:00.000Z'),
  lookupCache = memoryLookupCache(),
): MatchCompaniesDeps {
  return { matcher, lookupCache, segmentsLog: log, now: () => now };
}

describe('matchCompanies', () => {
  it('matches each domain once whatever its spelling, and tells why each other entry did not match', async () => {
    // Prepare
    const { matcher, calls } = fakeMatcher(KNOWN);
    const entries = [
      'bluepeaklogistics.com',
      'https://www.BluePeakLogistics.com/',
      'northwindanalytiics.io',
      'bluepeak-freight.com',
      'quillandcrumb.com',
      'linkedin.com/company/bluepeak',
      'Bluepeak Logistics',
      'info@bluepeak.com',
      'nobody-here.example',
    ];

    // Act
    const result = await matchCompanies({ entries, runKey: 'run-1' }, deps(matcher));

    // Assess
    expect(ZCompanyMatchResult.parse(result)).toEqual(result);
    expect(calls.filter((d) => d === 'bluepeaklogistics.com')).toHaveLength(1);
    expect(result.matches).toBe(1);
    expect(result.primarySegments.map((row) => [row.domain, row.include])).toEqual([
      ['bluepeaklogistics.com', true],
      ['https://www.BluePeakLogistics.com/', true],
      ['northwindanalytiics.io', false],
      ['bluepeak-freight.com', false],
      ['quillandcrumb.com', false],
      ['linkedin.com/company/bluepeak', false],
      ['Bluepeak Logistics', false],
      ['info@bluepeak.com', false],
      ['nobody-here.example', false],
    ]);
    const unique = Object.fromEntries(result.uniqueSegments.map((row) => [row.domain, row]));
    expect(Object.keys(unique)).toHaveLength(8);
    expect(unique['bluepeaklogistics.com']).toEqual({
      domain: 'bluepeaklogistics.com',
      include: true,
      domainInfo: {
        domain: 'bluepeaklogistics.com',
        companyName: 'Bluepeak Logistics',
        ipSegments: ['198.18.0.0/22', '198.19.0.0/24'],
      },
    });
    expect(unique['northwindanalytiics.io']?.noMatch).toMatchObject({
      code: 'typo',
      suggestion: 'northwindanalytics.io',
    });
    expect(unique['bluepeak-freight.com']?.noMatch).toMatchObject({
      code: 'redirect',
      suggestion: 'bluepeaklogistics.com',
      message: expect.stringContaining('redirects to bluepeaklogistics.com'),
    });
    expect(unique['quillandcrumb.com']?.noMatch).toMatchObject({
      code: 'no-own-ranges',
      message: expect.stringContaining('Quill & Crumb Bakery'),
    });
    expect(unique['linkedin.com/company/bluepeak']?.noMatch).toMatchObject({
      code: 'path',
      message: expect.stringContaining('/company/bluepeak'),
    });
    expect(unique['Bluepeak Logistics']?.noMatch?.code).toBe('name-only');
    expect(unique['info@bluepeak.com']?.noMatch?.code).toBe('not-a-domain');
    expect(unique['nobody-here.example']?.noMatch?.code).toBe('not-found');
    // Entries that are no domain never reach the vendor.
    expect(calls).not.toContain('linkedin.com');
  });

  it('logs each match once per range with every spelling, and a retried run writes nothing twice', async () => {
    // Prepare
    const { matcher } = fakeMatcher(KNOWN);
    const log = memoryLog();
    const entries = ['bluepeaklogistics.com', 'https://www.bluepeaklogistics.com/', 'northwindanalytics.io'];

    // Act: the same run twice (a retried chunk), the second an hour later.
    await matchCompanies({ entries, runKey: 'run-2' }, deps(matcher, log, new Date('2026-11-25T10:00:00.000Z')));
    await matchCompanies({ entries, runKey: 'run-2' }, deps(matcher, log, new Date('2026-11-25T11:00:00.000Z')));

    // Assess
    expect([...log.items.values()].map(({ id: _id, ...entry }) => entry)).toEqual([
      {
        subdomain: 'bluepeaklogistics.com',
        originalDomains: ['bluepeaklogistics.com', 'https://www.bluepeaklogistics.com/'],
        ipSegment: '198.18.0.0/22',
        date: '2026-11-25T10:00:00.000Z',
      },
      {
        subdomain: 'bluepeaklogistics.com',
        originalDomains: ['bluepeaklogistics.com', 'https://www.bluepeaklogistics.com/'],
        ipSegment: '198.19.0.0/24',
        date: '2026-11-25T10:00:00.000Z',
      },
      {
        subdomain: 'northwindanalytics.io',
        originalDomains: ['northwindanalytics.io'],
        ipSegment: '198.18.4.0/22',
        date: '2026-11-25T10:00:00.000Z',
      },
    ]);
  });

  it('logs a new run again, and logs nothing when nothing matched', async () => {
    const { matcher } = fakeMatcher(KNOWN);
    const log = memoryLog();
    await matchCompanies({ entries: ['northwindanalytics.io'], runKey: 'run-3' }, deps(matcher, log));
    await matchCompanies({ entries: ['northwindanalytics.io'], runKey: 'run-4' }, deps(matcher, log));
    await matchCompanies({ entries: ['nobody.example'], runKey: 'run-5' }, deps(matcher, log));
    expect(log.items.size).toBe(2);
    expect(log.runs.has('run-5')).toBe(false);
  });

  it('reports progress in entries until all are resolved', async () => {
    // Prepare
    const { matcher } = fakeMatcher(KNOWN);
    const progress = vi.fn();

    // Act
    await matchCompanies(
      {
        entries: ['Acme Corp', 'bluepeaklogistics.com', 'www.bluepeaklogistics.com', 'northwindanalytics.io'],
        runKey: 'r',
        progress,
      },
      deps(matcher),
    );

    // Assess: the name at once, then each domain with all its entries.
    expect(progress.mock.calls[0]).toEqual([1, 4]);
    expect(progress.mock.calls.at(-1)).toEqual([4, 4]);
    const dones = progress.mock.calls.map(([done]) => done as number);
    expect([...dones].sort((a, b) => a - b)).toEqual(dones);
  });

  it('repeats progress while a slow look-up is in flight, and stops once the match is done', async () => {
    // Prepare: one look-up held until the heartbeat has spoken twice.
    const progress = vi.fn();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const matcher: CompanyMatcher = {
      lookup: async (domain) => {
        await held;
        return { domain, outcome: 'unknown' };
      },
    };
    progress.mockImplementation(() => {
      if (progress.mock.calls.length >= 3) release();
    });

    // Act
    await matchCompanies(
      { entries: ['Acme Corp', 'slow.example'], runKey: 'r', progress },
      { ...deps(matcher), heartbeatMs: 5 },
    );
    const callsAtEnd = progress.mock.calls.length;
    await new Promise((r) => setTimeout(r, 30));

    // Assess: the first report, two heartbeats with nothing new, then the end; nothing after.
    expect(progress.mock.calls.slice(0, 3)).toEqual([
      [1, 2],
      [1, 2],
      [1, 2],
    ]);
    expect(progress.mock.calls.at(-1)).toEqual([2, 2]);
    expect(progress.mock.calls.length).toBe(callsAtEnd);
  });

  it('asks the vendor once per domain across runs: the cache answers the second upload', async () => {
    // Prepare
    const { matcher, calls } = fakeMatcher(KNOWN);
    const cache = memoryLookupCache();
    const entries = ['bluepeaklogistics.com', 'quillandcrumb.com', 'bluepeak-freight.com', 'nobody.example'];
    const first = await matchCompanies({ entries, runKey: 'run-a' }, deps(matcher, memoryLog(), undefined, cache));
    const vendorCallsOfFirst = calls.length;

    // Act: another run (another agency, say) an hour later.
    const second = await matchCompanies(
      { entries, runKey: 'run-b' },
      deps(matcher, memoryLog(), new Date('2026-11-25T11:00:00.000Z'), cache),
    );

    // Assess: the same rows, no vendor call; every answer was written once, in one batch read per run.
    expect(vendorCallsOfFirst).toBe(4);
    expect(calls).toHaveLength(4);
    expect(second).toEqual(first);
    expect(cache.writes.flat().sort()).toEqual([...entries].sort());
    expect(cache.reads).toHaveLength(2);
  });

  it('reads the typo candidates of a domain in the same batch, and caches the probes too', async () => {
    // Prepare: acme.com known to the cache only; bluepeaklogistics.com known to the vendor.
    const { matcher, calls } = fakeMatcher(KNOWN);
    const cache = memoryLookupCache();
    await cache.putMany(
      [{ outcome: 'matched', domain: 'acme.com', companyName: 'Acme', ranges: ['10.0.0.0/24'] }],
      new Date('2026-11-25T09:00:00.000Z'),
    );
    cache.writes.length = 0;

    // Act
    const result = await matchCompanies(
      { entries: ['acme.con', 'bluepeaklogistics.con'], runKey: 'r' },
      deps(matcher, memoryLog(), undefined, cache),
    );

    // Assess
    expect(result.uniqueSegments.map((row) => row.noMatch?.code)).toEqual(['typo', 'typo']);
    expect(cache.reads).toEqual([['acme.con', 'acme.com', 'bluepeaklogistics.con', 'bluepeaklogistics.com']]);
    expect(calls.sort()).toEqual(['acme.con', 'bluepeaklogistics.com', 'bluepeaklogistics.con']);
    expect(cache.writes.flat().sort()).toEqual(['acme.con', 'bluepeaklogistics.com', 'bluepeaklogistics.con']);
  });

  it('asks the vendor again once an answer has expired', async () => {
    const { matcher, calls } = fakeMatcher(KNOWN);
    const cache = memoryLookupCache(60_000);
    await matchCompanies(
      { entries: ['bluepeaklogistics.com'], runKey: 'a' },
      deps(matcher, memoryLog(), undefined, cache),
    );
    await matchCompanies(
      { entries: ['bluepeaklogistics.com'], runKey: 'b' },
      deps(matcher, memoryLog(), new Date('2026-11-25T10:05:00.000Z'), cache),
    );
    expect(calls).toEqual(['bluepeaklogistics.com', 'bluepeaklogistics.com']);
  });

  it('caches at most 500 ranges of a company', async () => {
    const ranges = Array.from({ length: 600 }, (_, i) => `10.${Math.floor(i / 256)}.${i % 256}.0/24`);
    const { matcher } = fakeMatcher({ 'bigisp.example': { outcome: 'matched', companyName: 'Big ISP', ranges } });
    const cache = memoryLookupCache();
    await matchCompanies({ entries: ['bigisp.example'], runKey: 'r' }, deps(matcher, memoryLog(), undefined, cache));
    const stored = cache.stored.get('bigisp.example')?.lookup;
    expect(stored?.outcome === 'matched' ? stored.ranges : []).toHaveLength(MAX_RANGES_PER_COMPANY);
  });

  it('keeps at most 500 ranges of a company', async () => {
    const ranges = Array.from({ length: 600 }, (_, i) => `10.${Math.floor(i / 256)}.${i % 256}.0/24`);
    const { matcher } = fakeMatcher({ 'bigisp.example': { outcome: 'matched', companyName: 'Big ISP', ranges } });
    const result = await matchCompanies({ entries: ['bigisp.example'], runKey: 'r' }, deps(matcher));
    expect(result.uniqueSegments[0]?.domainInfo?.ipSegments).toHaveLength(MAX_RANGES_PER_COMPANY);
  });

  it('stops looking up and logs nothing once aborted', async () => {
    // Prepare
    const controller = new AbortController();
    const log = memoryLog();
    const matcher: CompanyMatcher = {
      lookup: async (domain) => {
        controller.abort(new Error('connection gone'));
        return { domain, outcome: 'matched', companyName: 'X', ranges: ['10.0.0.0/24'] };
      },
    };

    // Act
    const run = matchCompanies(
      { entries: ['a.com', 'b.com'], runKey: 'r', signal: controller.signal },
      deps(matcher, log),
    );

    // Assess
    await expect(run).rejects.toThrow('connection gone');
    expect(log.items.size).toBe(0);
  });

  it('fails the whole match when the vendor fails, with its error', async () => {
    const matcher: CompanyMatcher = { lookup: async () => Promise.reject(new Error('vendor down')) };
    await expect(matchCompanies({ entries: ['a.com'], runKey: 'r' }, deps(matcher))).rejects.toThrow('vendor down');
  });

  it('keys runs by what identifies them', () => {
    expect(matchingRunKey(['bgAgency-demo', 'demo', 'req-1'])).toBe(matchingRunKey(['bgAgency-demo', 'demo', 'req-1']));
    expect(matchingRunKey(['bgAgency-demo', 'demo', 'req-1'])).not.toBe(
      matchingRunKey(['bgAgency-rival', 'demo', 'req-1']),
    );
  });

  it('answers rows the schema takes for the longest entries: a pasted paragraph is cut in its row, a domain kept whole', async () => {
    // Prepare
    const { matcher } = fakeMatcher(KNOWN);
    const paragraph = `bluepeaklogistics.com${'a'.repeat(2048 - 21)}`;
    const longDomain = `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`;

    // Act
    const result = await matchCompanies(
      { entries: [paragraph, longDomain, '😀'.repeat(400)], runKey: 'long-entries' },
      deps(matcher),
    );

    // Assess
    expect(ZCompanyMatchResult.safeParse(result).success).toBe(true);
    expect(result.primarySegments.map((row) => row.domain)).toEqual([
      rowLabel(paragraph),
      longDomain,
      rowLabel('😀'.repeat(400)),
    ]);
    expect(rowLabel(paragraph)).toHaveLength(300);
    expect(rowLabel(paragraph).endsWith('a…')).toBe(true);
    // No character is cut in half.
    expect(rowLabel('😀'.repeat(400))).toMatch(/^(?:😀)+…$/u);
  });
});
