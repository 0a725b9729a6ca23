import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { campaign, segmentsLog, type TSegmentsLogEntry } from '@bidgrid/shared';
import type { TCompanyMatchResult, TNoMatchExplanations } from '@bidgrid/shared/targeting/company.schema';
import { kebabName } from '@bidgrid/shared/api/operation';
import { realtimeEvents, realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { ONE_ENTRY_OF_EACH_KIND } from '../support/company-match-entries';
import { accessTokenFor, callOperation, callOperationUnchecked, request } from '../support/api';
import { connect, newReqId, open, socketsForSuite } from '../support/realtime';
import { fuzzMessages, fuzzMessagesAround, type TFuzzMessage } from '../support/realtime-arbitraries';
import type { ZodArbitraryOptions } from '../support/zod-arbitrary';
import { DEMO_IDS, SAMPLES } from './security/samples';

const {
  getCSVKickfireMatches,
  explainNoMatches,
  getHubSpotLists,
  createNewDomainList,
  updateDomainList,
  getTargetedCompanies,
  getCompaniesFromList,
  getContactsFromList,
  updateCampaignTargeting,
  createCampaign,
} = realtimeEventsByName;

/** The CRM lists of the demo advertiser that has a HubSpot connection, by kind. */
const demoCompanyLists = { bgAdvertiserId: DEMO_IDS.advertiserWithCrm, listType: 'companies' } as const;
const demoContactLists = { bgAdvertiserId: DEMO_IDS.advertiserWithCrm, listType: 'contacts' } as const;

/** The segments log entries of one subdomain, as internal staff read them. */
async function logEntriesOf(subdomain: string): Promise<TSegmentsLogEntry[]> {
  // Unchecked: the payload is the spec's JSON string, parsed here with the operation's own schema.
  const reply = await callOperationUnchecked(segmentsLog.listSegmentsLogs, {
    token: await accessTokenFor('ops-admin'),
    body: { username: 'ops-admin' },
  });
  const entries = segmentsLog.listSegmentsLogs.response.parse(reply.body.payload) as TSegmentsLogEntry[];
  return entries.filter((entry) => entry.subdomain === subdomain);
}

describe('realtime channel', () => {
  const sockets = socketsForSuite('demo', 'rival');

  it('refuses the upgrade without a token or with a bad one', async () => {
    expect(await connect(null)).toEqual({ refused: 401 });
    expect(await connect('not-a-token')).toEqual({ refused: 401 });
    const forged = `${(await accessTokenFor('demo')).slice(0, -4)}AAAA`;
    expect(await connect(forged)).toEqual({ refused: 401 });
  });

  it('matches domains with progress and a reason for every miss, replying to the asking connection only', async () => {
    // Act
    const result = await sockets.demo.call('getCSVKickfireMatches', { domains: [...ONE_ENTRY_OF_EACH_KIND] });

    // Assess
    expect(result.reply).toMatchObject({ event: 'retrievedCSVKickfireMatches', success: true, error: null });
    const payload = getCSVKickfireMatches.payload.parse(result.payloads[0]) as TCompanyMatchResult;
    expect(payload.matches).toBe(1);
    expect(payload.primarySegments).toHaveLength(8);
    const reasons = Object.fromEntries(
      payload.uniqueSegments.map((row) => [row.domain, row.noMatch?.code ?? 'matched']),
    );
    // A domain without ranges is `no-ranges` until explained (or already explained, when an earlier
    // test's explanation is still in the shared look-up cache); the rest is told by the match.
    expect(reasons).toEqual({
      'bluepeaklogistics.com': 'matched',
      'northwindanalytiics.io': 'typo',
      'bluepeak-freight.com': 'redirect',
      'quillandcrumb.com': expect.stringMatching(/^(no-ranges|no-own-ranges)$/),
      'linkedin.com/company/bluepeak': 'path',
      'Bluepeak Logistics': 'name-only',
      'nobody-here.example': expect.stringMatching(/^(no-ranges|not-found)$/),
    });
    expect(payload.uniqueSegments[0]?.domainInfo).toEqual({
      domain: 'bluepeaklogistics.com',
      companyName: 'Bluepeak Logistics',
      ipSegments: ['198.18.0.0/22', '198.19.0.0/24'],
    });
    expect(result.progress.length).toBeGreaterThan(0);
    expect(result.progress.at(-1)).toMatchObject({ done: 8, total: 8 });
    // Nothing of it reached the other agency's connection.
    expect(JSON.stringify(sockets.rival.received)).not.toContain(result.reply.reqID);
  });

  it('explains the misses a match left without reasons, with progress, to the asking connection only', async () => {
    // Prepare: a domain no other test uses (so the match cannot know more than its ranges).
    const unknown = `explain-${randomUUID()
      .slice(0, 8)
      .replace(/(.)\1+/g, '$1')}.example`;
    const matched = await sockets.demo.call('getCSVKickfireMatches', { domains: [unknown] });
    const row = (getCSVKickfireMatches.payload.parse(matched.payloads[0]) as TCompanyMatchResult).uniqueSegments[0];

    // Act
    const result = await sockets.demo.call('explainNoMatches', {
      domains: [unknown, 'quillandcrumb.com', 'nobody-here.example', 'bluepeaklogistics.com', 'Bluepeak Logistics'],
    });

    // Assess
    expect(row?.noMatch).toEqual({ code: 'no-ranges', message: `No IP ranges of its own were found for ${unknown}.` });
    expect(result.reply).toMatchObject({ event: 'noMatchesExplained', success: true, error: null });
    const payload = explainNoMatches.payload.parse(result.payloads[0]) as TNoMatchExplanations;
    expect(payload.reasons.map((r) => [r.domain, r.noMatch?.code ?? null])).toEqual([
      [unknown, 'not-found'],
      ['quillandcrumb.com', 'no-own-ranges'],
      ['nobody-here.example', 'not-found'],
      // Has ranges: nothing to explain.
      ['bluepeaklogistics.com', null],
      ['Bluepeak Logistics', 'name-only'],
    ]);
    expect(payload.reasons[1]?.noMatch?.message).toContain('Quill & Crumb Bakery');
    expect(result.progress.at(-1)).toMatchObject({ done: 5, total: 5 });
    expect(JSON.stringify(sockets.rival.received)).not.toContain(result.reply.reqID);
    // Explained once, the match tells it at once from then on.
    const again = await sockets.demo.call('getCSVKickfireMatches', { domains: [unknown] });
    const rowAgain = (getCSVKickfireMatches.payload.parse(again.payloads[0]) as TCompanyMatchResult).uniqueSegments[0];
    expect(rowAgain?.noMatch?.code).toBe('not-found');
  });

  it('logs each match once per range, and a retried chunk (same reqID) writes nothing twice', async () => {
    // Prepare: a subdomain no other test uses (the simulator matches subdomains to their company).
    const subdomain = `rt-${randomUUID().slice(0, 8)}.bluepeaklogistics.com`;
    const reqID = newReqId();

    // Act
    await sockets.demo.call('getCSVKickfireMatches', { domains: [subdomain, `https://${subdomain}/`] }, { reqID });
    await sockets.demo.call('getCSVKickfireMatches', { domains: [subdomain, `https://${subdomain}/`] }, { reqID });
    const afterRetry = await logEntriesOf(subdomain);
    await sockets.demo.call('getCSVKickfireMatches', { domains: [subdomain] });
    const afterNewRun = await logEntriesOf(subdomain);

    // Assess
    expect(afterRetry.map((e) => [e.ipSegment, e.originalDomains]).sort()).toEqual([
      ['198.18.0.0/22', [subdomain, `https://${subdomain}/`]],
      ['198.19.0.0/24', [subdomain, `https://${subdomain}/`]],
    ]);
    expect(afterNewRun).toHaveLength(4);
  });

  it('answers each chunk of one call on its own, echoing it, and logs the chunks as one run', async () => {
    // Prepare: two chunks of one call, as the web's typed call sends a long list.
    const first = `rt-${randomUUID().slice(0, 8)}.northwindanalytics.io`;
    const second = `rt-${randomUUID().slice(0, 8)}.northwindanalytics.io`;
    const reqID = newReqId();

    // Act
    const a = await sockets.demo.call(
      'getCSVKickfireMatches',
      { chunk: { index: 0, count: 2 }, domains: [first] },
      { reqID },
    );
    const b = await sockets.demo.call(
      'getCSVKickfireMatches',
      { chunk: { index: 1, count: 2 }, domains: [second] },
      { reqID },
    );

    // Assess
    expect(a.reply).toMatchObject({ success: true, chunk: { index: 0, count: 2 } });
    expect(b.reply).toMatchObject({ success: true, chunk: { index: 1, count: 2 } });
    const [logA] = await logEntriesOf(first);
    const [logB] = await logEntriesOf(second);
    expect(logA?.date).toBeDefined();
    expect(logB?.date).toBe(logA?.date);
  });

  it('answers invalid fields with field errors and keeps the connection open', async () => {
    // Act
    const empty = await sockets.demo.call('getCSVKickfireMatches', { domains: [] });
    const blank = await sockets.demo.call('getCSVKickfireMatches', { domains: ['acme.com', '   '] });
    const explainEmpty = await sockets.demo.call('explainNoMatches', { domains: [] });
    const explainWrong = await sockets.demo.call('explainNoMatches', { domains: 'acme.com' });
    const after = await sockets.demo.call('getHubSpotLists', demoContactLists);

    // Assess
    expect(empty.reply).toMatchObject({
      success: false,
      payload: null,
      status: 400,
      fieldErrors: { domains: [expect.any(String)] },
    });
    expect(blank.reply).toMatchObject({
      success: false,
      status: 400,
      fieldErrors: { 'domains.1': [expect.any(String)] },
    });
    for (const refused of [explainEmpty, explainWrong]) {
      expect(refused.reply).toMatchObject({
        event: 'noMatchesExplained',
        success: false,
        payload: null,
        status: 400,
        fieldErrors: { domains: [expect.any(String)] },
      });
    }
    expect(after.reply.success).toBe(true);
  });

  it("gives the demo advertiser's CRM lists to the demo agency, and the rival a not-found, never data", async () => {
    // Act
    const mine = await sockets.demo.call('getHubSpotLists', demoCompanyLists);
    const theirs = await sockets.rival.call('getHubSpotLists', demoCompanyLists);
    const spoofed = await sockets.rival.call('getHubSpotLists', {
      ...demoCompanyLists,
      agencyId: DEMO_IDS.agencyId,
      username: 'demo',
    });

    // Assess
    expect(mine.reply).toMatchObject({ event: 'retrievedLists', success: true });
    expect(mine.payloads[0]).toEqual([
      { listId: '101', name: 'Target Accounts Q4', size: 24 },
      { listId: '102', name: 'Tier 1 Prospects', size: 12 },
      { listId: '103', name: 'Closed Won 2026', size: 40 },
    ]);
    for (const refused of [theirs, spoofed]) {
      expect(refused.reply).toEqual({
        event: 'retrievedLists',
        reqID: refused.reply.reqID,
        success: false,
        payload: null,
        error: 'Advertiser not found.',
        status: 404,
      });
    }
  });

  it('answers unknown actions and malformed JSON with an error, connection open', async () => {
    // Act
    const unknown = await sockets.demo.call('dropAllTables', {});
    const from = sockets.demo.received.length;
    sockets.demo.sendRaw('{"action": "getCSVKickfireMatches", ');
    const malformed = await sockets.demo.next(
      (m) =>
        (m as { event?: string; reqID?: unknown }).event === 'requestError' &&
        (m as { reqID?: unknown }).reqID === null,
      { from },
    );
    sockets.demo.sendRaw('[1, 2, 3]');
    const after = await sockets.demo.call('getCSVKickfireMatches', { domains: ['northwindanalytics.io'] });

    // Assess
    expect(unknown.reply).toMatchObject({
      event: 'requestError',
      success: false,
      status: 400,
      fieldErrors: { action: ['Unknown action.'] },
    });
    expect(malformed).toMatchObject({ success: false, payload: null, status: 400 });
    expect(after.reply.success).toBe(true);
    expect(sockets.demo.socket.readyState).toBe(sockets.demo.socket.OPEN);
  });

  // Events are declared before their handlers land; while one has none, it answers 501 on its error
  // event. Which events those are is read from the handler files, so the case follows the code.
  const [unimplemented] = realtimeEvents.filter(
    (event) => !existsSync(new URL(`../../lambdas/src/ws/${kebabName(event.name)}.handler.ts`, import.meta.url)),
  );
  it.runIf(unimplemented !== undefined)('answers an event without a handler with 501, connection open', async () => {
    const event = unimplemented as RealtimeEventDef;
    const later = await sockets.demo.call(event.name, {});
    expect(later.reply).toMatchObject({
      event: event.errorEvent,
      success: false,
      status: 501,
      error: 'Not implemented yet',
    });
    expect(sockets.demo.socket.readyState).toBe(sockets.demo.socket.OPEN);
  });

  it('closes a connection that sends an oversized frame with 1009; the gateway and other connections go on', async () => {
    // Prepare
    const doomed = await open(await accessTokenFor('demo'));
    const domains = Array.from({ length: 3000 }, (_, i) => `company-${i}.example.com`);

    // Act: about 80 KB in one frame, as a browser would send it.
    doomed.sendRaw(JSON.stringify({ action: 'getCSVKickfireMatches', reqID: newReqId(), domains }));
    const closed = await doomed.closed;
    const fresh = await open(await accessTokenFor('demo'));
    const onFresh = await fresh.call('getHubSpotLists', demoCompanyLists);
    const onOld = await sockets.demo.call('getHubSpotLists', demoContactLists);

    // Assess
    expect(closed.code).toBe(1009);
    expect(doomed.received).toEqual([]);
    expect(onFresh.reply.success).toBe(true);
    expect(onOld.reply.success).toBe(true);
    await fresh.close();
  });

  it('logs a REST match once when the same list is sent again the same day, or with the same Idempotency-Key', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    const byContent = `rt-${randomUUID().slice(0, 8)}.bluepeaklogistics.com`;
    const byKey = `rt-${randomUUID().slice(0, 8)}.bluepeaklogistics.com`;
    const key = randomUUID();

    // Act
    for (let i = 0; i < 2; i++) {
      await callOperation(campaign.matchCsvCompanies, { token, body: { csvCompanies: [byContent] } });
      await request('POST', campaign.matchCsvCompanies.path, {
        token,
        body: { csvCompanies: [i === 0 ? byKey : `https://${byKey}/`] },
        headers: { 'idempotency-key': key },
      });
    }

    // Assess: two ranges each, once.
    expect(await logEntriesOf(byContent)).toHaveLength(2);
    expect(await logEntriesOf(byKey)).toHaveLength(2);
  });

  it('answers the REST twin from the same use case, with field errors for bad bodies', async () => {
    const token = await accessTokenFor('demo');
    const ok = await callOperation(campaign.matchCsvCompanies, {
      token,
      body: { csvCompanies: ['northwindanalytics.io', 'Acme Corp'] },
    });
    const bad = await callOperationUnchecked(campaign.matchCsvCompanies, { token, body: { csvCompanies: [] } });
    expect(ok.status).toBe(200);
    expect(ok.body.payload?.uniqueSegments.map((row) => row.noMatch?.code ?? 'matched')).toEqual([
      'matched',
      'name-only',
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty('csvCompanies');
  });
});

/**
 * What the generated fields are mixed with so valid messages reach the use case: the demo agency's
 * advertisers (one with a CRM connection), and domains that match, redirect or are no domain at all.
 */
const FUZZ_VALUES = {
  known: [DEMO_IDS.advertiserWithCrm, DEMO_IDS.advertiserWithCard],
  byKey: {
    domains: [
      ['bluepeaklogistics.com', 'Acme Corp'],
      ['https://www.northwindanalytics.io/', 'acme.com/careers'],
    ],
    bgAdvertiserId: [DEMO_IDS.advertiserWithCrm],
  },
} as const;

const NOBODYS_ADVERTISER = 'bgAdvertiser-fuzz-nobody';
/**
 * A creation the schemas take (the security walk's), for an advertiser that is nobody's: what reaches the use
 * case answers 404.
 */
const VALID_CREATION: Readonly<Record<string, unknown>> = {
  ...(SAMPLES['createCampaign']?.body as Record<string, unknown>),
  bgCampaignId: 'bg-campaign-fuzz-base',
  bgAdvertiserId: NOBODYS_ADVERTISER,
};

describe('realtime fuzzing', () => {
  const sockets = socketsForSuite('demo');

  const usableReqId = (reqID: unknown): reqID is string =>
    typeof reqID === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(reqID);
  const isAnonymousRefusal = (m: unknown): boolean =>
    typeof m === 'object' && m !== null && 'success' in m && (m as { reqID?: unknown }).reqID === null;

  /**
   * Sends generated messages, ten at a time; every one must get an envelope reply, never a 5xx, and
   * the connection must stay open. Messages whose reqID the envelope refuses are answered with
   * `reqID: null`, so they go one by one after each batch, each matched to the next such reply.
   */
  async function fuzz(
    messages: fc.Arbitrary<TFuzzMessage>,
    runs: number,
    refusals: readonly number[] = [404, 400],
  ): Promise<{ valid: number; invalid: number }> {
    const samples = fc.sample(messages, { numRuns: runs, seed: 20261125 });
    let valid = 0;
    for (let i = 0; i < samples.length; i += 10) {
      const batch = samples.slice(i, i + 10);
      const results = await Promise.all(
        batch
          .filter(({ message }) => usableReqId(message['reqID']))
          .map(async ({ message, valid: isValid }) => {
            const { action, reqID, ...fields } = message;
            const result = await sockets.demo.call(String(action), fields, { reqID: String(reqID), timeoutMs: 60_000 });
            return { isValid, reply: result.reply as { success: boolean; status?: number }, message };
          }),
      );
      for (const { message, valid: isValid } of batch.filter(({ message }) => !usableReqId(message['reqID']))) {
        const from = sockets.demo.received.length;
        sockets.demo.sendRaw(JSON.stringify(message));
        const reply = (await sockets.demo.next(isAnonymousRefusal, { from })) as { success: boolean; status?: number };
        results.push({ isValid, reply, message });
      }
      for (const { isValid, reply, message } of results) {
        const context = JSON.stringify(message).slice(0, 300);
        if (isValid) {
          valid++;
          // A valid message may still be refused by the business (another agency's id: 404), never by the channel.
          if (!reply.success) expect(refusals, context).toContain(reply.status);
        } else {
          expect(reply.success, context).toBe(false);
          expect(reply.status, context).toBe(400);
        }
        expect(reply.status ?? 200, context).toBeLessThan(500);
      }
      expect(sockets.demo.socket.readyState).toBe(sockets.demo.socket.OPEN);
    }
    return { valid, invalid: samples.length - valid };
  }

  /**
   * Every realtime event, with the refusals a valid message may still meet and the values it is given.
   * Generated ids are nobody's (404) unless a field is given a demo id: the demo campaigns other tests
   * read are never changed here, and a change that reaches a campaign may be refused for a moved
   * revision (409). A campaign creation is pointed at an advertiser of nobody's, so a valid one answers
   * 404 and never makes a campaign in the demo world.
   */
  const plan: ReadonlyArray<{
    event: RealtimeEventDef;
    refusals?: readonly number[];
    values?: ZodArbitraryOptions;
    /** A valid request to vary one field at a time, besides the wholly generated ones. */
    around?: Readonly<Record<string, unknown>>;
  }> = [
    { event: getCSVKickfireMatches },
    { event: getHubSpotLists },
    { event: explainNoMatches },
    { event: createNewDomainList },
    { event: updateDomainList },
    { event: getTargetedCompanies },
    { event: getCompaniesFromList },
    { event: getContactsFromList },
    { event: updateCampaignTargeting, refusals: [404, 400, 409] },
    {
      event: createCampaign,
      refusals: [404, 400, 409],
      values: { known: [], byKey: { bgAdvertiserId: [NOBODYS_ADVERTISER] } },
      around: VALID_CREATION,
    },
  ];

  it("varies a creation around a valid one, of an advertiser that is nobody's", () => {
    expect(createCampaign.request.safeParse(VALID_CREATION).error).toBeUndefined();
  });

  it('fuzzes every realtime event', () => {
    expect(plan.map(({ event }) => event.name).sort()).toEqual(realtimeEvents.map((event) => event.name).sort());
  });

  for (const { event, refusals, values, around } of plan) {
    it(`${event.name}: 200 generated messages, each answered with an envelope, never a 5xx`, async () => {
      const options = values ?? FUZZ_VALUES;
      const messages = around
        ? fc.oneof(
            { weight: 1, arbitrary: fuzzMessages(event, options) },
            { weight: 3, arbitrary: fuzzMessagesAround(event, around, options) },
          )
        : fuzzMessages(event, options);
      const counts = await fuzz(messages, 200, refusals);
      expect(counts.valid).toBeGreaterThanOrEqual(40);
      expect(counts.invalid).toBeGreaterThanOrEqual(40);
      console.info(`fuzzed ${event.name}: ${counts.valid} valid, ${counts.invalid} invalid`);
    }, 240_000);
  }
});
