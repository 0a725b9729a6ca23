import { beforeAll, describe, expect, it } from 'vitest';
import { advertiser as advertiserOps, billing, type TBillingLog, type TInvoiceSummary } from '@bidgrid/shared';
import { accessTokenFor, callAllPages, callOperation, callOperationUnchecked } from '../support/api';
import { createBigAgency, type BigAgency } from '../support/big-agency';

/**
 * Lists a page at a time (issue 9 §6), against the running stack: an agency of its own with 250 billing
 * logs and 250 invoices, read through the API as the web reads them.
 */
const { listAllBillingLogs, listBillingLogsByUsername, listSentInvoices, getSentInvoice } = billing;
const { listAdvertiserBillingLogs } = advertiserOps;

let big: BigAgency;
let token: string;
let rival: string;

beforeAll(async () => {
  big = await createBigAgency({ logs: 250, invoices: 250 });
  token = await accessTokenFor(big.username, big.password);
  rival = await accessTokenFor('rival');
}, 120_000);

const ids = (entries: ReadonlyArray<{ id?: string | undefined }>) => entries.map((entry) => entry.id);

describe('paged billing logs', () => {
  it('answers 250 logs in pages of 100 by default, newest first, every log once, the last page ending the list', async () => {
    // Act
    const { replies, payloads } = await callAllPages(listAllBillingLogs, { token, body: { username: big.username } });

    // Assess
    expect(payloads.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(ids(payloads.flat())).toEqual(big.logIds);
    expect(replies.map((reply) => reply.body.nextCursor === null)).toEqual([false, false, true]);
  });

  it('respects the limit asked, for every list of logs', async () => {
    // Act
    const all = await callAllPages(listAllBillingLogs, { token, query: { limit: 30 } });
    const mine = await callAllPages(listBillingLogsByUsername, { token, query: { limit: 30 } });
    const advertisers = await callAllPages(listAdvertiserBillingLogs, {
      token,
      params: { advertiserId: big.advertiser.bgAdvertiserId },
      query: { limit: 30 },
    });

    // Assess
    for (const pages of [all, mine, advertisers]) {
      expect(pages.payloads).toHaveLength(9);
      expect(pages.payloads.every((page) => page.length <= 30)).toBe(true);
      expect(ids(pages.payloads.flat() as TBillingLog[])).toEqual(big.logIds);
    }
  });

  it('answers 400 for a limit above the maximum, and for a cursor that was altered', async () => {
    // Prepare
    const first = await callOperation(listAllBillingLogs, { token, query: { limit: 10 } });
    const cursor = first.body.nextCursor as string;
    const altered = `${cursor.slice(0, -4)}${cursor.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;

    // Act
    const tooMany = await callOperationUnchecked(listAllBillingLogs, { token, query: { limit: '101' } });
    const tampered = await callOperationUnchecked(listAllBillingLogs, { token, query: { cursor: altered } });
    const garbage = await callOperationUnchecked(listAllBillingLogs, { token, query: { cursor: 'not-a-cursor' } });

    // Assess
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fieldErrors?.['limit']).toBeDefined();
    for (const reply of [tampered, garbage]) {
      expect(reply.status).toBe(400);
      expect(reply.body.success).toBe(false);
      expect(reply.body.fieldErrors?.['cursor']).toBeDefined();
      expect(reply.body.payload).toBeNull();
    }
  });

  it("answers 400, never data, to the rival agency using this agency's cursor, and to a cursor of another list", async () => {
    // Prepare
    const first = await callOperation(listAllBillingLogs, { token, query: { limit: 10 } });
    const cursor = first.body.nextCursor as string;

    // Act
    const stolen = await callOperationUnchecked(listAllBillingLogs, { token: rival, query: { cursor } });
    const otherList = await callOperationUnchecked(listBillingLogsByUsername, { token, query: { cursor } });
    const invoicesList = await callOperationUnchecked(listSentInvoices, { token, query: { cursor } });

    // Assess
    for (const reply of [stolen, otherList, invoicesList]) {
      expect(reply.status).toBe(400);
      expect(reply.body.payload).toBeNull();
    }
    expect(JSON.stringify(stolen.body)).not.toContain('big-log-');
  });
});

describe('paged invoices without their bodies', () => {
  it('answers 250 invoices in pages of 100, newest first, each once, and none with an HTML body', async () => {
    // Act
    const { replies, payloads } = await callAllPages(listSentInvoices, { token, body: { username: big.username } });

    // Assess
    expect(payloads.map((page) => page.length)).toEqual([100, 100, 50]);
    expect(ids(payloads.flat() as TInvoiceSummary[])).toEqual(big.invoiceIds);
    for (const reply of replies) {
      // The spec's wire form: a JSON string of invoices, none of them with a body.
      expect(typeof reply.body.payload).toBe('string');
      const wire = JSON.parse(reply.body.payload as unknown as string) as Array<Record<string, unknown>>;
      expect(wire.every((invoice) => !('body' in invoice))).toBe(true);
      expect(reply.body.payload as unknown as string).not.toContain('<!doctype html>');
    }
  });

  it('answers one invoice with its HTML body by id, and 404 to the rival agency', async () => {
    // Act
    const id = big.invoiceIds[123] as string;
    const mine = await callOperation(getSentInvoice, { token, params: { id } });
    const theirs = await callOperation(getSentInvoice, { token: rival, params: { id } });
    const missing = await callOperation(getSentInvoice, { token, params: { id: 'bginv-none' } });

    // Assess
    expect(mine.status).toBe(200);
    expect(mine.body.payload).toMatchObject({ id, bgAdvertiserId: big.advertiser.bgAdvertiserId });
    expect(mine.body.payload?.body).toMatch(/^<!doctype html>/);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).not.toContain(id);
    expect(missing.status).toBe(404);
  });
});
