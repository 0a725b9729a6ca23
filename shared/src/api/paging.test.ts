import { describe, expect, it } from 'vitest';
import * as z from '../zod';
import { envelope } from './envelope';
import { isPaged, type AnyOperation } from './operation';
import { ZInvoice } from '../billing/billing.schema';
import { billing } from './operations';
import { operations, operationsByName } from './operations';

/**
 * Lists that answer everything at once on purpose: each is bounded by construction, and says why.
 * Any other operation whose payload is an array must be paged (issue 9 §6: a Lambda reply is capped at
 * 6 MB, a DynamoDB query page at 1 MB).
 */
const BOUNDED_LISTS: Record<string, string> = {
  getPlaybooks: 'the seeded playbook cards, a handful written by BidGrid, not by agencies',
  listAdvertiserCategories: "the bidder's fixed IAB category table",
  listGeoOptions: 'the fixed regions of the United States and Canada',
  listRoleTitles: 'the fixed role catalogue of the Role/Title step',
  getCampaignTemplateRoleTitles: 'the roles saved in one template, a subset of the fixed role catalogue',
  listPublicDomainLists: 'the publication lists BidGrid curates for every agency, a short catalogue',
  getHubspotCompanyProperties: 'the property definitions of one HubSpot object type, which HubSpot caps per portal',
  getCampaignDelivery: 'one small row per day of a campaign, 550 days at most (the chart)',
  updateCreativesLandingPage: "a change's reply: the creatives of one ad group, at most 100 (001 §5)",
};

/** Whether a payload schema is a list: an array, or the spec's JSON string of one (`jsonStringOr`). */
function isListResponse(schema: z.ZodMiniType): boolean {
  if (schema instanceof z.ZodMiniArray) return true;
  if (schema instanceof z.ZodMiniUnion) return (schema.def.options as z.ZodMiniType[]).some(isListResponse);
  return false;
}

const named = (name: string): AnyOperation => {
  const op = operationsByName.get(name);
  if (!op) throw new Error(`no operation ${name}`);
  return op;
};

describe('paged lists (issue 9 §6)', () => {
  it('pages every list operation that is not bounded by construction', () => {
    // Act
    const unpaged = operations
      .filter((op) => (isListResponse(op.response) || op.name.startsWith('getLineItems')) && !isPaged(op))
      .map((op) => op.name)
      .filter((name) => !(name in BOUNDED_LISTS));
    // Assess
    expect(unpaged).toEqual([]);
  });

  it('keeps the bounded list honest: each entry names a real, unpaged operation', () => {
    for (const name of Object.keys(BOUNDED_LISTS)) expect(isPaged(named(name)), name).toBe(false);
  });

  it.each(operations.filter(isPaged).map((op) => [op.name, op] as const))(
    '%s takes limit and cursor in its query, within its bounds',
    (_name, op) => {
      // Prepare
      const spec = op.paged;
      if (!spec) throw new Error('not paged');
      const accepts = (query: Record<string, unknown>) =>
        op.query.safeParse({ ...requiredQuery(op), ...query }).success;
      // Assess
      expect(op.auth).toBe('user');
      expect(spec.defaultLimit).toBeGreaterThanOrEqual(1);
      expect(spec.defaultLimit).toBeLessThanOrEqual(spec.maxLimit);
      expect(accepts({})).toBe(true);
      expect(accepts({ limit: '1', cursor: 'abc' })).toBe(true);
      expect(accepts({ limit: String(spec.maxLimit) })).toBe(true);
      expect(accepts({ limit: String(spec.maxLimit + 1) })).toBe(false);
      expect(accepts({ limit: '0' })).toBe(false);
      expect(accepts({ limit: '2.5' })).toBe(false);
      expect(accepts({ limit: 'ten' })).toBe(false);
      expect(accepts({ limit: '' })).toBe(false);
      expect(accepts({ limit: 'Infinity' })).toBe(false);
      expect(accepts({ limit: '1'.repeat(5000) })).toBe(false);
      expect(accepts({ cursor: '' })).toBe(false);
      expect(accepts({ cursor: 'x'.repeat(5000) })).toBe(false);
    },
  );

  it('parses the limit to a number', () => {
    const parsed = billing.listAllBillingLogs.query.parse({ limit: '25' });
    expect(parsed).toEqual({ limit: 25 });
  });

  it('carries nextCursor in the envelope beside the payload, optional', () => {
    const reply = envelope(z.array(z.string()));
    expect(reply.parse({ success: true, payload: ['a'], error: null, nextCursor: 'next' }).nextCursor).toBe('next');
    expect(reply.parse({ success: true, payload: ['a'], error: null, nextCursor: null }).nextCursor).toBeNull();
    expect(reply.parse({ success: true, payload: ['a'], error: null }).nextCursor).toBeUndefined();
  });
});

describe('large bodies stay out of lists (issue 9 §6)', () => {
  const invoice = {
    id: 'bginv-1',
    sentAt: '2026-11-01T10:00:00.000Z',
    recipientEmail: 'billing@acme.example',
    source: 'Stripe',
    subject: 'Your invoice',
    bgAdvertiserId: 'bgAdvertiser-acme',
    advertiserName: 'Acme',
    chargeAmount: 12.5,
  };

  it('lists invoices without their HTML body', () => {
    // Act
    const parsed = billing.listSentInvoices.response.parse(JSON.stringify([{ ...invoice, body: '<p>big</p>' }]));
    // Assess: the body is not part of the list's contract, so it is not kept even if a server sent it
    expect(parsed).toEqual([{ ...invoice }]);
  });

  it('answers one invoice with its body by id', () => {
    const op = named('getSentInvoice');
    expect(op.method).toBe('GET');
    expect(op.path).toBe('/api/mailSents/{id}');
    expect(isPaged(op)).toBe(false);
    expect(op.response.parse({ ...invoice, body: '<p>big</p>' })).toEqual(
      ZInvoice.parse({ ...invoice, body: '<p>big</p>' }),
    );
  });
});

/** The smallest valid query of an operation's own required fields (ids of the right prefix, a date...). */
function requiredQuery(op: AnyOperation): Record<string, string> {
  const samples: Record<string, string> = {
    bgCampaignId: 'bg-campaign-x',
    adGroupId: 'bg-ad-group-x',
    date: '2026-01-15',
  };
  const shape = op.query.shape as Record<string, z.ZodMiniType>;
  return Object.fromEntries(
    Object.entries(shape)
      .filter(([key, schema]) => !schema.safeParse(undefined).success && key in samples)
      .map(([key]) => [key, samples[key] as string]),
  );
}
