import { nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import { COMPANY_MATCH_REQUESTS_PATH, type CompanyMatchRequestCounts } from '@bidgrid/local/simulators/company-match';
import { accessTokenFor, callOperation } from '../support/api';
import { open } from '../support/realtime';
import { appItem } from '../support/local-data';
import { stackInfo } from '../support/stack';

const { matchCsvCompanies } = campaignOps;
const DAY_SECONDS = 24 * 3600;

/** The requests the company-match simulator has served so far. */
async function vendorRequests(): Promise<CompanyMatchRequestCounts> {
  const res = await fetch(`${stackInfo().simulators.companyMatch}${COMPANY_MATCH_REQUESTS_PATH}`);
  return (await res.json()) as CompanyMatchRequestCounts;
}

async function match(user: 'demo' | 'rival', csvCompanies: string[]) {
  const reply = await callOperation(matchCsvCompanies, {
    token: await accessTokenFor(user),
    body: { csvCompanies },
  });
  return reply.body.payload;
}

describe('company look-up cache', () => {
  it('asks the vendor once per domain, across uploads, explanations and agencies, and keeps answers a week (nothing known: a day)', async () => {
    // Prepare: domains no other test uses (the simulator answers a subdomain with its company's facts).
    // No doubled letter: the unknown domain must cost no typo probe.
    const id = randomUUID()
      .slice(0, 8)
      .replace(/(.)\1+/g, '$1');
    const known = `cache-${id}.bluepeaklogistics.com`;
    const unknown = `cache-${id}.example`;
    const before = await vendorRequests();

    // Act: one agency uploads them (one twice, in two spellings); the unknown one is kept ranges-only.
    const first = await match('demo', [known, `https://${known}/`, unknown]);
    const afterFirst = await vendorRequests();
    const unknownAfterMatch = await appItem(`COMPANYLOOKUP#${unknown}`, 'LOOKUP');
    // Its miss explained (as the page does after a match), then another agency uploads them.
    const socket = await open(await accessTokenFor('demo'));
    const explained = await socket.call('explainNoMatches', { domains: [unknown] }).finally(() => socket.close());
    const afterExplain = await vendorRequests();
    const second = await match('rival', [unknown, known]);
    const afterSecond = await vendorRequests();

    // Assess: the match asks both domains' ranges in one batch request and the matched company's
    // name; the explanation only the unknown one's company; nothing the second time.
    expect(afterFirst.ranges - before.ranges).toBe(1);
    expect(afterFirst.batchPaths - before.batchPaths).toBe(2);
    expect(afterFirst.company - before.company).toBe(1);
    expect(first?.uniqueSegments.map((row) => row.noMatch?.code ?? 'matched')).toEqual(['matched', 'no-ranges']);
    expect(unknownAfterMatch).toMatchObject({ lookup: { outcome: 'no-ranges', domain: unknown } });
    expect(explained.reply).toMatchObject({
      success: true,
      payload: { reasons: [{ domain: unknown, noMatch: { code: 'not-found' } }] },
    });
    expect(afterExplain.ranges - afterFirst.ranges).toBe(0);
    expect(afterExplain.company - afterFirst.company).toBe(1);
    expect(afterSecond).toEqual(afterExplain);
    expect(second?.uniqueSegments.map((row) => row.domainInfo ?? row.noMatch?.code)).toEqual([
      'not-found',
      first?.uniqueSegments[0]?.domainInfo,
    ]);
    const now = Math.floor(nowMs() / 1000);
    const knownItem = await appItem(`COMPANYLOOKUP#${known}`, 'LOOKUP');
    expect(knownItem).toMatchObject({
      entity: 'companyLookup',
      lookup: { outcome: 'matched', domain: known, companyName: 'Bluepeak Logistics' },
    });
    expect(Number(knownItem?.['expiresAt']) - now).toBeGreaterThan(7 * DAY_SECONDS - 120);
    const unknownItem = await appItem(`COMPANYLOOKUP#${unknown}`, 'LOOKUP');
    expect(unknownItem).toMatchObject({ lookup: { outcome: 'unknown', domain: unknown } });
    expect(Number(unknownItem?.['expiresAt']) - now).toBeLessThanOrEqual(DAY_SECONDS);
    expect(Number(unknownItem?.['expiresAt']) - now).toBeGreaterThan(DAY_SECONDS - 120);
  });
});
