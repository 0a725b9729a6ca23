import { now } from '@bidgrid/shared/clock';
import { describe, expect, it, vi } from 'vitest';
import { ZCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import type { CompanyMatcher } from '../ports/company-matcher.port';
import { fakeCompanyMatcher, memoryLookupCache, type TKnownDomain } from '../test-fakes';
import type { SegmentsLogRepository, TStoredSegmentsLogEntry } from '../ports/segments-log.port';
import {
  explainNoMatches,
  matchCompanies,
  matchingRunKey,
  MAX_RANGES_PER_COMPANY,
  rowLabel,
} from './match-companies.use-case';
import type { MatchCompaniesDeps } from './match-companies.use-case';

type TKnown = TKnownDomain;
const fakeMatcher = fakeCompanyMatcher;

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
    const { matcher, rangeCalls, calls } = fakeMatcher(KNOWN);
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
    const result = await matchCompanies({ entries, runKey: 'run-1', misses: 'explain' }, deps(matcher));

    // Assess
    expect(ZCompanyMatchResult.parse(result)).toEqual(result);
    expect(rangeCalls.filter((d) => d === 'bluepeaklogistics.com')).toHaveLength(1);
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
      ranges: async (domain) => {
        await held;
        return { domain, outcome: 'no-ranges' };
      },
      companyName: async () => null,
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
    const first = await matchCompanies(
      { entries, runKey: 'run-a', misses: 'explain' },
      deps(matcher, memoryLog(), undefined, cache),
    );
    const vendorCallsOfFirst = calls.length;

    // Act: another run (another agency, say) an hour later.
    const second = await matchCompanies(
      { entries, runKey: 'run-b', misses: 'explain' },
      deps(matcher, memoryLog(), new Date('2026-11-25T11:00:00.000Z'), cache),
    );

    // Assess: the same rows, no vendor call; every answer was written once, in one batch read per run.
    expect(vendorCallsOfFirst).toBeGreaterThan(0);
    expect(calls).toHaveLength(vendorCallsOfFirst);
    expect(second).toEqual(first);
    expect(cache.writes.flat().sort()).toEqual([...entries].sort());
    expect(cache.reads).toHaveLength(2);
  });

  it('reads the typo candidates of a domain in the same batch, and caches the probes too', async () => {
    // Prepare: acme.com known to the cache only; bluepeaklogistics.com known to the vendor.
    const { matcher, rangeCalls, companyCalls } = fakeMatcher(KNOWN);
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

    // Assess: a candidate with ranges settles it in the match; the typo's own company is asked first
    // (a known company without ranges would be that reason instead).
    expect(result.uniqueSegments.map((row) => row.noMatch?.code)).toEqual(['typo', 'typo']);
    expect(cache.reads).toEqual([['acme.con', 'acme.com', 'bluepeaklogistics.con', 'bluepeaklogistics.com']]);
    expect(rangeCalls.sort()).toEqual(['acme.con', 'bluepeaklogistics.com', 'bluepeaklogistics.con']);
    expect(companyCalls.sort()).toEqual(['acme.con', 'bluepeaklogistics.com', 'bluepeaklogistics.con']);
    expect(new Set(cache.writes.flat())).toEqual(
      new Set(['acme.con', 'bluepeaklogistics.com', 'bluepeaklogistics.con']),
    );
  });

  it('asks the vendor again once an answer has expired', async () => {
    const { matcher, rangeCalls: calls } = fakeMatcher(KNOWN);
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
      ranges: async (domain) => {
        controller.abort(new Error('connection gone'));
        return { domain, outcome: 'ranges', ranges: ['10.0.0.0/24'] };
      },
      companyName: async () => 'X',
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
    const matcher: CompanyMatcher = {
      ranges: async () => Promise.reject(new Error('vendor down')),
      companyName: async () => null,
    };
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

describe('a match in two phases (matchCompanies deferred, then explainNoMatches)', () => {
  /** Typo cases the order of the reasons matters for, beside KNOWN's. */
  const TRICKY: Record<string, TKnown> = {
    ...KNOWN,
    // A known company without ranges whose typo candidate (.co -> .com) has ranges: its own reason wins.
    'ranged.com': { outcome: 'matched', companyName: 'Ranged', ranges: ['10.2.0.0/24'] },
    'ranged.co': { outcome: 'no-own-ranges', companyName: 'Ranged Consulting' },
    // Two candidates of `bookkeeper.con`: the first (.com) known without ranges, the second with.
    'bookkeeper.com': { outcome: 'no-own-ranges', companyName: 'Bookkeeper' },
    'bokkeeper.con': { outcome: 'unknown' },
    'bookeeper.con': { outcome: 'matched', companyName: 'Bookeeper', ranges: ['10.3.0.0/24'] },
  };
  const ENTRIES = [
    'bluepeaklogistics.com',
    'northwindanalytiics.io',
    'bluepeak-freight.com',
    'quillandcrumb.com',
    'quilllandcrumb.com',
    'nobody-here.example',
    'ranged.co',
    'bookkeeper.con',
    'linkedin.com/company/bluepeak',
    'Bluepeak Logistics',
  ];

  it('answers with the ranges alone, asking the company look-up only of matches and where a candidate has ranges', async () => {
    // Prepare
    const { matcher, rangeCalls, companyCalls } = fakeMatcher(TRICKY);

    // Act
    const result = await matchCompanies({ entries: ENTRIES, runKey: 'phase-1' }, deps(matcher));

    // Assess
    const codes = Object.fromEntries(result.uniqueSegments.map((row) => [row.domain, row.noMatch?.code ?? 'matched']));
    expect(codes).toEqual({
      'bluepeaklogistics.com': 'matched',
      'northwindanalytiics.io': 'typo',
      'bluepeak-freight.com': 'redirect',
      'quillandcrumb.com': 'no-ranges',
      'quilllandcrumb.com': 'no-ranges',
      'nobody-here.example': 'no-ranges',
      'ranged.co': 'no-own-ranges',
      'bookkeeper.con': 'typo',
      'linkedin.com/company/bluepeak': 'path',
      'Bluepeak Logistics': 'name-only',
    });
    expect(result.uniqueSegments.find((row) => row.domain === 'quillandcrumb.com')?.noMatch?.message).toBe(
      'No IP ranges of its own were found for quillandcrumb.com.',
    );
    // The first candidate the vendor knows is suggested, as a one-phase match does.
    expect(result.uniqueSegments.find((row) => row.domain === 'bookkeeper.con')?.noMatch?.suggestion).toBe(
      'bookkeeper.com',
    );
    // Every domain's and candidate's ranges; no company look-up for the rows left `no-ranges` (a
    // candidate with ranges is named at once, like any domain with ranges).
    expect(rangeCalls).toEqual(
      expect.arrayContaining(['quillandcrumb.com', 'quilllandcrumb.com', 'nobody-here.example']),
    );
    expect(companyCalls.sort()).toEqual(
      [
        'bluepeaklogistics.com',
        'northwindanalytiics.io',
        'northwindanalytics.io',
        'ranged.co',
        'ranged.com',
        'bookkeeper.con',
        'bookkeeper.com',
        'bookeeper.con',
      ].sort(),
    );
  });

  it('explains the misses to the reasons a one-phase match gives, asking only the company part', async () => {
    // Prepare: a deferred match on one cache, a one-phase match on another.
    const twoPhase = fakeMatcher(TRICKY);
    const cache = memoryLookupCache();
    const matched = await matchCompanies(
      { entries: ENTRIES, runKey: 'two-phase' },
      deps(twoPhase.matcher, memoryLog(), undefined, cache),
    );
    const rangeCallsOfMatch = twoPhase.rangeCalls.length;
    const interim = matched.uniqueSegments.filter((row) => row.noMatch?.code === 'no-ranges').map((row) => row.domain);
    const progress = vi.fn();

    // Act
    const explained = await explainNoMatches(
      { entries: interim, progress },
      { matcher: twoPhase.matcher, lookupCache: cache, now: () => new Date('2026-11-25T10:01:00.000Z') },
    );
    const onePhase = await matchCompanies(
      { entries: ENTRIES, runKey: 'one-phase', misses: 'explain' },
      deps(fakeMatcher(TRICKY).matcher),
    );

    // Assess: each interim reason replaced by the one-phase one; no ranges asked again.
    const final = new Map(explained.reasons.map((r) => [r.domain, r.noMatch]));
    const merged = matched.uniqueSegments.map((row) =>
      final.has(row.domain) ? { ...row, noMatch: final.get(row.domain) ?? undefined } : row,
    );
    expect(merged).toEqual(onePhase.uniqueSegments);
    expect(explained.reasons.map((r) => [r.domain, r.noMatch?.code])).toEqual([
      ['quillandcrumb.com', 'no-own-ranges'],
      ['quilllandcrumb.com', 'typo'],
      ['nobody-here.example', 'not-found'],
    ]);
    expect(twoPhase.rangeCalls).toHaveLength(rangeCallsOfMatch);
    expect(progress.mock.calls.at(-1)).toEqual([3, 3]);
    // The cache now holds the whole answers: another explanation asks the vendor nothing.
    expect(cache.stored.get('quillandcrumb.com')?.lookup).toEqual({
      outcome: 'no-own-ranges',
      domain: 'quillandcrumb.com',
      companyName: 'Quill & Crumb Bakery',
    });
    expect(cache.stored.get('nobody-here.example')?.lookup).toEqual({
      outcome: 'unknown',
      domain: 'nobody-here.example',
    });
    const callsBefore = twoPhase.calls.length;
    await explainNoMatches(
      { entries: interim },
      { matcher: twoPhase.matcher, lookupCache: cache, now: () => new Date('2026-11-25T10:02:00.000Z') },
    );
    expect(twoPhase.calls).toHaveLength(callsBefore);
  });

  it('caches a ranges-only answer as such, and a later match reads it without asking again', async () => {
    // Prepare
    const { matcher, calls } = fakeMatcher(TRICKY);
    const cache = memoryLookupCache();

    // Act
    const first = await matchCompanies(
      { entries: ['nobody-here.example'], runKey: 'a' },
      deps(matcher, memoryLog(), undefined, cache),
    );
    const callsOfFirst = calls.length;
    const second = await matchCompanies(
      { entries: ['nobody-here.example'], runKey: 'b' },
      deps(matcher, memoryLog(), new Date('2026-11-25T10:30:00.000Z'), cache),
    );

    // Assess
    expect(cache.stored.get('nobody-here.example')?.lookup).toEqual({
      outcome: 'no-ranges',
      domain: 'nobody-here.example',
    });
    expect(calls).toHaveLength(callsOfFirst);
    expect(second).toEqual(first);
  });

  it('settles in the match what cached whole answers already tell, without the interim reason', async () => {
    // Prepare: the domain and its candidate explained before.
    const { matcher, rangeCalls, companyCalls } = fakeMatcher(TRICKY);
    const cache = memoryLookupCache();
    await cache.putMany(
      [
        { outcome: 'unknown', domain: 'quilllandcrumb.com' },
        { outcome: 'no-own-ranges', domain: 'quillandcrumb.com', companyName: 'Quill & Crumb Bakery' },
      ],
      new Date('2026-11-25T09:00:00.000Z'),
    );

    // Act
    const result = await matchCompanies(
      { entries: ['quilllandcrumb.com', 'quillandcrumb.com'], runKey: 'r' },
      deps(matcher, memoryLog(), undefined, cache),
    );

    // Assess
    expect(result.uniqueSegments.map((row) => row.noMatch?.code)).toEqual(['typo', 'no-own-ranges']);
    // No company look-up; only the ranges of a settled domain's own candidate, asked with its own.
    expect(companyCalls).toEqual([]);
    expect(rangeCalls).toEqual(['quilandcrumb.com']);
  });

  it('explains an entry that is no domain as a match would, and answers null for one that has ranges', async () => {
    const { matcher } = fakeMatcher(TRICKY);
    const explained = await explainNoMatches(
      {
        entries: [
          'bluepeaklogistics.com',
          'linkedin.com/company/bluepeak',
          'Acme Corp',
          'https://www.Nobody-Here.example/',
        ],
      },
      { matcher, lookupCache: memoryLookupCache(), now: () => new Date('2026-11-25T10:00:00.000Z') },
    );
    expect(explained.reasons.map((r) => [r.domain, r.noMatch?.code ?? null])).toEqual([
      ['bluepeaklogistics.com', null],
      ['linkedin.com/company/bluepeak', 'path'],
      ['Acme Corp', 'name-only'],
      ['https://www.Nobody-Here.example/', 'not-found'],
    ]);
  });

  it("fails the explanation with the vendor's error, and stops once aborted", async () => {
    const failing: CompanyMatcher = {
      ranges: async (domain) => ({ outcome: 'no-ranges', domain }),
      companyName: async () => Promise.reject(new Error('vendor down')),
    };
    const lookupDeps = { matcher: failing, lookupCache: memoryLookupCache(), now: () => now() };
    await expect(explainNoMatches({ entries: ['a.com'] }, lookupDeps)).rejects.toThrow('vendor down');
    const controller = new AbortController();
    controller.abort(new Error('connection gone'));
    await expect(explainNoMatches({ entries: ['a.com'], signal: controller.signal }, lookupDeps)).rejects.toThrow(
      'connection gone',
    );
  });

  it("never lets a ranges-only answer's slow write land over the whole answer written after it", async () => {
    // Prepare: 25 unknown domains (one write batch of ranges-only answers, then one of whole ones);
    // the cache's first write is slow.
    const { matcher } = fakeMatcher({});
    const cache = memoryLookupCache();
    const putMany = cache.putMany;
    let first = true;
    cache.putMany = async (lookups, now) => {
      if (first) {
        first = false;
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return putMany(lookups, now);
    };
    const domains = Array.from('abcdefghijklmnopqrstuvwxy', (letter) => `${letter}-co.example`);

    // Act
    await explainNoMatches({ entries: domains }, { matcher, lookupCache: cache, now: () => now() });

    // Assess: the ranges-only answers went first (the slow write), yet every domain's whole answer is kept.
    expect(cache.writes.length).toBeGreaterThanOrEqual(2);
    expect(new Set(domains.map((d) => cache.stored.get(d)?.lookup.outcome))).toEqual(new Set(['unknown']));
  });
});
