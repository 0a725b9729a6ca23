import '../../test-env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TBillingLog, TInvoice } from '@bidgrid/shared/billing/billing.schema';
import type { TPage, TPageRequest } from '../../domain/ports/page.port';
import { BadRequestError } from '../../kernel/errors';
import type { Item } from '../dynamodb';
import { MAX_READS_PER_PAGE } from '../dynamodb';
import { queryTable } from '../test-query-table';
import { billingKeys, billingRepository } from './billing.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
const AGENCY = 'bgAgency-big';

beforeEach(() => {
  ddbMock.reset();
});

/** A billing log a day apart from the next (`n` 0 is the oldest), of one of two advertisers and creators. */
function logItem(agencyId: string, n: number): Item {
  const date = new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
  const log: TBillingLog & { id: string } = {
    id: `log-${String(n).padStart(4, '0')}`,
    bgCampaignId: null,
    date,
    type: 'charge',
    invoice: null,
    source: 'Stripe',
    amount: n,
    description: '',
    campaignName: null,
    bgAdvertiserId: n % 2 === 0 ? 'bgAdvertiser-even' : 'bgAdvertiser-odd',
    advertiserName: null,
    cardLast4: null,
    statementDescriptor: null,
  };
  return {
    ...billingKeys.log(agencyId, date, log.id),
    entity: 'billingLog',
    ...log,
    createdBy: n % 3 === 0 ? 'ann' : 'bob',
  };
}

/** Every page of a list, following the cursors, with the pages' sizes. */
async function readAll<T>(read: (page: TPageRequest) => Promise<TPage<T>>, limit: number) {
  const items: T[] = [];
  const sizes: number[] = [];
  let cursor: string | null = null;
  do {
    const page: TPage<T> = await read({ limit, cursor });
    items.push(...page.items);
    sizes.push(page.items.length);
    cursor = page.nextCursor;
  } while (cursor !== null && sizes.length < 1000);
  return { items, sizes };
}

const logs = Array.from({ length: 250 }, (_, n) => logItem(AGENCY, n));
const otherAgency = Array.from({ length: 5 }, (_, n) => logItem('bgAgency-other', n));

describe('billing repository paging', () => {
  it('reads 250 billing logs in pages of 100, newest first, each once, the last page ending the list', async () => {
    // Prepare
    queryTable([...logs, ...otherAgency]).install(ddbMock);

    // Act
    const { items, sizes } = await readAll((page) => billingRepository.listBillingLogs(AGENCY, {}, page), 100);

    // Assess
    expect(sizes).toEqual([100, 100, 50]);
    expect(items.map((log) => log.id)).toEqual(logs.map((log) => log['id']).reverse());
  });

  it('fills pages of a filtered list across DynamoDB calls and the 1 MB cap', async () => {
    // Prepare: DynamoDB stops every 30 items, as its 1 MB cap would with larger items
    queryTable([...logs, ...otherAgency], { maxItemsPerCall: 30 }).install(ddbMock);

    // Act
    const { items, sizes } = await readAll(
      (page) => billingRepository.listBillingLogs(AGENCY, { createdBy: 'ann' }, page),
      25,
    );

    // Assess: pages stay within the limit, no log is lost or repeated
    const expected = logs.filter((log) => log['createdBy'] === 'ann').map((log) => log['id']);
    expect(items.map((log) => log.id)).toEqual(expected.reverse());
    expect(Math.max(...sizes)).toBeLessThanOrEqual(25);
    expect(sizes.slice(0, -1).every((size) => size > 0)).toBe(true);
  });

  it('ends a sparse page short after a bounded number of reads, with a cursor that goes on from there', async () => {
    // Prepare: one advertiser's logs are rare among many, and DynamoDB returns 10 items a call
    const rare = [...logs.map((log) => ({ ...log, bgAdvertiserId: 'bgAdvertiser-other' })), logItem(AGENCY, 999)];
    const table = queryTable(rare, { maxItemsPerCall: 10 });
    table.install(ddbMock);

    // Act
    const first = await billingRepository.listBillingLogs(
      AGENCY,
      { advertiserId: 'bgAdvertiser-odd' },
      {
        limit: 10,
        cursor: null,
      },
    );
    const callsOfFirst = table.calls.length;
    const { items } = await readAll(
      (page) => billingRepository.listBillingLogs(AGENCY, { advertiserId: 'bgAdvertiser-odd' }, page),
      10,
    );

    // Assess
    expect(callsOfFirst).toBe(MAX_READS_PER_PAGE);
    expect(first.nextCursor).not.toBeNull();
    expect(items.map((log) => log.id)).toEqual(['log-0999']);
  });

  it('answers 400 for a cursor that was altered, is of another list, or of another agency', async () => {
    // Prepare
    queryTable([...logs, ...otherAgency]).install(ddbMock);
    const page = await billingRepository.listBillingLogs(AGENCY, {}, { limit: 10, cursor: null });
    const cursor = page.nextCursor as string;
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { l: string; k: Item };
    const forged = (change: Partial<{ l: string; k: Item }>) =>
      Buffer.from(JSON.stringify({ ...decoded, ...change }), 'utf8').toString('base64url');

    // Act
    const attempts = [
      billingRepository.listBillingLogs(AGENCY, {}, { limit: 10, cursor: `${cursor.slice(0, -2)}!!` }),
      billingRepository.listBillingLogs(AGENCY, {}, { limit: 10, cursor: 'not-a-cursor' }),
      // Another list of the same agency: the invoices, and the billing logs of one creator.
      billingRepository.listInvoices(AGENCY, { limit: 10, cursor }),
      billingRepository.listBillingLogs(AGENCY, { createdBy: 'ann' }, { limit: 10, cursor }),
      // Another agency's list, with this agency's cursor; and a cursor pointing into another agency.
      billingRepository.listBillingLogs('bgAgency-other', {}, { limit: 10, cursor }),
      billingRepository.listBillingLogs(
        AGENCY,
        {},
        {
          limit: 10,
          cursor: forged({ k: { pk: 'AGENCY#bgAgency-other', sk: String(decoded.k['sk']) } }),
        },
      ),
      billingRepository.listBillingLogs(
        AGENCY,
        {},
        { limit: 10, cursor: forged({ k: { pk: decoded.k['pk'], sk: 'ADV#x' } }) },
      ),
    ];

    // Assess
    for (const attempt of attempts) {
      const error: unknown = await attempt.then(
        () => null,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(BadRequestError);
      expect((error as BadRequestError).status).toBe(400);
      expect((error as BadRequestError).fieldErrors).toHaveProperty('cursor');
    }
  });
});

describe('invoices', () => {
  const invoice = (n: number): TInvoice => ({
    id: `bginv-${String(n).padStart(4, '0')}`,
    sentAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    recipientEmail: 'billing@big.example',
    source: 'Stripe',
    subject: `Invoice ${n}`,
    body: `<!doctype html><p>${'x'.repeat(2000)}</p>`,
    bgAdvertiserId: 'bgAdvertiser-even',
    advertiserName: 'Even',
    chargeAmount: n,
  });

  it('stores the summary in the list and the whole invoice by id, in one transaction, once', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const written = await billingRepository.putInvoiceIfAbsent(AGENCY, invoice(1));

    // Assess
    expect(written).toBe(true);
    const puts = ddbMock.commandCalls(TransactWriteCommand)[0]?.args[0].input.TransactItems ?? [];
    expect(puts.map((put) => put.Put?.Item?.['sk'])).toEqual([
      'INVID#bginv-0001',
      `INV#${invoice(1).sentAt}#bginv-0001`,
    ]);
    expect(puts[0]?.Put?.Item?.['body']).toBe(invoice(1).body);
    expect(puts[1]?.Put?.Item).not.toHaveProperty('body');
    expect(puts.every((put) => put.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
  });

  it('answers false when the invoice is already stored, and throws when the transaction lost a race', async () => {
    // Prepare: one write finds the invoice there, the next meets a concurrent transaction.
    const cancelled = (code: string) =>
      new TransactionCanceledException({
        $metadata: {},
        message: 'Transaction cancelled',
        CancellationReasons: [{ Code: code }, { Code: 'None' }],
      });
    ddbMock
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('ConditionalCheckFailed'))
      .rejectsOnce(cancelled('TransactionConflict'));

    // Act
    const again = await billingRepository.putInvoiceIfAbsent(AGENCY, invoice(1));
    const raced = billingRepository.putInvoiceIfAbsent(AGENCY, invoice(1));

    // Assess: a lost write is never taken for one that was not needed (the invoice would go unsent).
    expect(again).toBe(false);
    await expect(raced).rejects.toBeInstanceOf(TransactionCanceledException);
  });

  it('lists invoices newest first without bodies, even those stored with one, and never asks for the body', async () => {
    // Prepare: invoices stored before the split still carry their body in the list item
    const items = Array.from({ length: 130 }, (_, n) => ({
      ...billingKeys.invoice(AGENCY, invoice(n).sentAt, invoice(n).id),
      entity: 'invoice',
      ...invoice(n),
    }));
    const table = queryTable(items);
    table.install(ddbMock);

    // Act
    const { items: listed, sizes } = await readAll((page) => billingRepository.listInvoices(AGENCY, page), 100);

    // Assess
    expect(sizes).toEqual([100, 30]);
    expect(listed.map((i) => i.id)).toEqual(items.map((i) => i.id).reverse());
    expect(listed.every((i) => !('body' in i))).toBe(true);
    const projection = table.calls[0]?.ProjectionExpression ?? '';
    const projected = projection.split(', ').map((name) => table.calls[0]?.ExpressionAttributeNames?.[name]);
    expect(projected).not.toContain('body');
  });

  it('reads one invoice with its body by id under the caller agency only', async () => {
    // Prepare
    ddbMock.on(GetCommand).resolves({});
    ddbMock.on(GetCommand, { Key: billingKeys.invoiceById(AGENCY, 'bginv-0001') }).resolves({
      Item: { ...billingKeys.invoiceById(AGENCY, 'bginv-0001'), entity: 'invoiceDocument', ...invoice(1) },
    });
    ddbMock.on(QueryCommand).resolves({ Items: [] });

    // Act
    const mine = await billingRepository.getInvoice(AGENCY, 'bginv-0001');
    const theirs = await billingRepository.getInvoice('bgAgency-other', 'bginv-0001');

    // Assess
    expect(mine).toEqual(invoice(1));
    expect(theirs).toBeNull();
  });
});
