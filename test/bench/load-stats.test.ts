import { describe, expect, it } from 'vitest';
import {
  classifyReply,
  coreShare,
  errorRateVerdict,
  parseProcStat,
  parseVmRssBytes,
  percentile,
  seededRandom,
  summarizeLatencies,
  weightedPick,
} from './load-stats';

describe('latency percentiles', () => {
  it('takes the nearest rank, a latency some request had', () => {
    // Prepare
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);

    // Act
    const figures = [percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99), percentile(sorted, 100)];

    // Assess
    expect(figures).toEqual([50, 90, 99, 100]);
  });

  it('gives the one sample for any percentile of one, and NaN for none', () => {
    // Act
    const one = [percentile([7], 1), percentile([7], 50), percentile([7], 99)];
    const none = percentile([], 50);

    // Assess
    expect(one).toEqual([7, 7, 7]);
    expect(none).toBeNaN();
  });

  it('summarizes unsorted samples without changing them', () => {
    // Prepare
    const samples = [30, 10, 20, 1000, 40];

    // Act
    const summary = summarizeLatencies(samples);

    // Assess
    expect(summary).toEqual({ count: 5, p50: 30, p90: 1000, p99: 1000, max: 1000 });
    expect(samples).toEqual([30, 10, 20, 1000, 40]);
  });
});

describe('how a reply counts', () => {
  it('counts a 2xx as ok only with a successful envelope', () => {
    // Act
    const kinds = [
      classifyReply({ status: 200, envelopeSuccess: true }),
      classifyReply({ status: 204, envelopeSuccess: true }),
      classifyReply({ status: 200, envelopeSuccess: false }),
    ];

    // Assess
    expect(kinds).toEqual(['ok', 'ok', 'error']);
  });

  it("keeps 429 apart, accepts only the operation's expected 4xx, and counts 5xx and no reply as errors", () => {
    // Act
    const kinds = [
      classifyReply({ status: 429, envelopeSuccess: false }, [409]),
      classifyReply({ status: 409, envelopeSuccess: false }, [409]),
      classifyReply({ status: 409, envelopeSuccess: false }),
      classifyReply({ status: 400, envelopeSuccess: false }, [409]),
      classifyReply({ status: 500, envelopeSuccess: false }, [500]),
      classifyReply({ status: 502, envelopeSuccess: false }),
      classifyReply(null, [409]),
    ];

    // Assess
    expect(kinds).toEqual(['throttled', 'expected', 'error', 'error', 'error', 'error', 'error']);
  });
});

describe('the error-rate verdict', () => {
  it('passes under 0.1% of the requests and fails at it', () => {
    // Act
    const under = errorRateVerdict({ ok: 9_990, expected: 0, throttled: 0, errors: 9 });
    const at = errorRateVerdict({ ok: 9_990, expected: 0, throttled: 0, errors: 10 });

    // Assess
    expect(under).toEqual({ requests: 9_999, rate: 9 / 9_999, pass: true });
    expect(at).toEqual({ requests: 10_000, rate: 0.001, pass: false });
  });

  it('counts expected replies and 429s as requests but not as errors', () => {
    // Act
    const verdict = errorRateVerdict({ ok: 500, expected: 200, throttled: 300, errors: 0 });

    // Assess
    expect(verdict).toEqual({ requests: 1_000, rate: 0, pass: true });
  });

  it('fails a run that sent nothing', () => {
    // Act
    const verdict = errorRateVerdict({ ok: 0, expected: 0, throttled: 0, errors: 0 });

    // Assess
    expect(verdict.pass).toBe(false);
  });
});

describe('seeded choices', () => {
  it('repeats its sequence for a seed, differs for another, and stays in [0, 1)', () => {
    // Prepare
    const draw = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 1_000 }, () => random());
    };

    // Act
    const [a, again, other] = [draw(1), draw(1), draw(2)];

    // Assess
    expect(again).toEqual(a);
    expect(other).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('picks keys in proportion to their weights and never a zero weight', () => {
    // Prepare
    const random = seededRandom(42);
    const counts = { read: 0, write: 0, never: 0 };

    // Act
    for (let i = 0; i < 10_000; i++) counts[weightedPick({ read: 3, write: 1, never: 0 }, random)]++;

    // Assess
    expect(counts.never).toBe(0);
    expect(counts.read / 10_000).toBeCloseTo(0.75, 1);
    expect(counts.write / 10_000).toBeCloseTo(0.25, 1);
  });

  it('refuses weights that are all zero', () => {
    // Act
    const pick = () => weightedPick({ a: 0 }, () => 0.5);

    // Assess
    expect(pick).toThrow('positive weight');
  });
});

describe('/proc figures', () => {
  it('reads the parent and user + system ticks after the command name, even one with spaces and parentheses', () => {
    // Prepare
    const line =
      '4242 (node (my app)) S 4200 4242 29709 0 -1 4194304 98 0 0 0 150 37 0 0 20 0 11 0 2681488 3133440 393 18446744073709551615';

    // Act
    const stat = parseProcStat(line);

    // Assess
    expect(stat).toEqual({ pid: 4242, comm: 'node (my app)', ppid: 4200, cpuTicks: 187 });
  });

  it('refuses a line that is not a stat line', () => {
    // Act
    const parse = () => parseProcStat('nothing here');

    // Assess
    expect(parse).toThrow('not a /proc stat line');
  });

  it('reads VmRSS in bytes, and 0 when the process has none', () => {
    // Prepare
    const status = 'Name:\tnode\nVmPeak:\t  900000 kB\nVmRSS:\t  123456 kB\nThreads:\t11\n';

    // Act
    const [rss, none] = [parseVmRssBytes(status), parseVmRssBytes('Name:\tkthreadd\nThreads:\t1\n')];

    // Assess
    expect(rss).toBe(123_456 * 1024);
    expect(none).toBe(0);
  });

  it('expresses CPU seconds over wall seconds as a share of one core', () => {
    // Act
    const shares = [coreShare(30, 60), coreShare(120, 60), coreShare(1, 0)];

    // Assess
    expect(shares.slice(0, 2)).toEqual([50, 200]);
    expect(shares[2]).toBeNaN();
  });
});
