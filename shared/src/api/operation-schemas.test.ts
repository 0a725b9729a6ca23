import { describe, expect, it } from 'vitest';
import type * as z from '../zod';
import { operationsByName } from './operations';
import type { AnyOperation } from './operation';
import { operations } from './operations';

const op = (name: string): AnyOperation => {
  const found = operationsByName.get(name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};

const invoice = {
  id: 'inv-1',
  sentAt: '2026-11-01T10:00:00.000Z',
  recipientEmail: 'billing@acme.example',
  source: 'stripe',
  subject: 'Your invoice',
  body: '<p>Invoice</p>',
  bgAdvertiserId: 'bgAdvertiser-acme',
  advertiserName: 'Acme',
  chargeAmount: 12.5,
};

describe('query strings', () => {
  it('defaults the campaign list to ALL_TIME and refuses CUSTOM_DATE, which has its own call', () => {
    // Prepare
    const query = op('listCampaignsByAdvertiser').query;
    // Act / Assess
    expect(query.parse({})).toEqual({ timeFrame: 'ALL_TIME' });
    expect(query.parse({ timeFrame: '30_DAYS' })).toEqual({ timeFrame: '30_DAYS' });
    expect(query.safeParse({ timeFrame: 'CUSTOM_DATE' }).success).toBe(false);
  });

  it("keeps the spec's camapign_id on the daily campaign report and checks the date", () => {
    const query = op('getCampaignDailyReport').query;
    expect(query.parse({ date: '2026-11-20', camapign_id: 'bg-campaign-1' })).toEqual({
      date: '2026-11-20',
      camapign_id: 'bg-campaign-1',
    });
    expect(query.safeParse({ date: '2026-11-31' }).success).toBe(false);
    expect(query.safeParse({ date: '2026-11-20', camapign_id: 'bgAdvertiser-1' }).success).toBe(false);
  });

  it('splits the HubSpot page types and defaults to every kind', () => {
    const query = op('listHubspotPages').query;
    expect(query.parse({ types: 'landing_page,blogPosts' })).toEqual({ types: ['landing_page', 'blogPosts'] });
    expect(query.parse({})).toEqual({ types: ['landing_page', 'site_page', 'blogPosts'] });
    expect(query.safeParse({ types: 'landing_page,emails' }).success).toBe(false);
  });

  it('turns the CRM card portal id into a number', () => {
    const query = op('listCrmCardCampaigns').query;
    expect(query.parse({ portalId: '4242' })).toEqual({ portalId: 4242 });
    expect(query.safeParse({ portalId: 'abc' }).success).toBe(false);
    expect(query.safeParse({}).success).toBe(false);
  });

  it('refuses an oversized image before issuing an upload URL, with the spec message', () => {
    const query = op('getCreativeUploadUrl').query;
    const ok = query.safeParse({
      bgAdvertiserId: 'bgAdvertiser-1',
      fileName: 'a.png',
      mimetype: 'image/png',
      size: '1000',
    });
    const big = query.safeParse({
      bgAdvertiserId: 'bgAdvertiser-1',
      fileName: 'a.png',
      mimetype: 'image/png',
      size: '900000',
    });
    expect(ok.success).toBe(true);
    expect(big.error?.issues[0]?.message).toBe('File with the wrong size: a.png, 900000 bytes.');
  });
});

describe('bodies', () => {
  it("accepts the spec's {username} body, an empty one or none, and never requires it", () => {
    const body = op('listAllBillingLogs').body;
    expect(body.parse(undefined)).toEqual({});
    expect(body.parse({ username: 'demo' })).toEqual({ username: 'demo' });
    expect(body.safeParse({ username: 5 }).success).toBe(false);
  });

  it('requires the advertiser fields, sends category IAB3 and checks a client id prefix', () => {
    // Prepare
    const body = op('createAdvertiser').body;
    const valid = {
      name: 'Acme',
      phone: '+1 512 555 0100',
      address_1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      domain: 'acme.example',
    };
    // Act
    const parsed = body.parse(valid) as Record<string, unknown>;
    // Assess
    expect(parsed.category).toBe('IAB3');
    expect(parsed.address_2).toBe('');
    expect(body.safeParse({ ...valid, name: '  ' }).success).toBe(false);
    expect(body.safeParse({ ...valid, category: 'IAB9' }).success).toBe(false);
    expect(body.safeParse({ ...valid, bgAdvertiserId: 'bg-campaign-1' }).success).toBe(false);
  });

  it("checks the advertiser's phone as the form does and hands it on in E.164", () => {
    // Prepare
    const body = op('createAdvertiser').body;
    const valid = {
      name: 'Acme',
      phone: '(512) 555-0100',
      address_1: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      domain: 'acme.example',
    };
    // Act
    const parsed = body.parse(valid) as Record<string, unknown>;
    const refused = body.safeParse({ ...valid, phone: 'abc' });
    // Assess
    expect(parsed.phone).toBe('+15125550100');
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['phone', 'Must be a valid phone number'],
    ]);
  });

  it('needs at least one change in a campaign edit and an end after the start', () => {
    const body = op('updateCampaignDetails').body;
    const base = { bgCampaignId: 'bg-campaign-1', beeswaxCampaignId: 7 };
    expect(body.safeParse({ ...base, updateBody: { name: 'Q1' } }).success).toBe(true);
    expect(body.safeParse({ ...base, updateBody: {} }).success).toBe(false);
    const backwards = body.safeParse({ ...base, updateBody: { start_date: '2026-12-02', end_date: '2026-12-01' } });
    expect(backwards.error?.issues[0]?.message).toBe('The end date must be after the start date');
  });

  it('coerces creative form fields and refuses a file and a sourceUrl together', () => {
    // Prepare
    const body = op('uploadCreative').body;
    const form = {
      name: 'banner.png',
      sourceUrl: 'http://127.0.0.1:4569/creatives/banner.png',
      size: '12000',
      mimetype: 'image/png',
      height: '250',
      width: '300',
      advertiser_id: '11',
      bg_advertiser_id: 'bgAdvertiser-1',
      click_url: 'https://acme.example/landing',
      adGroupId: 'bg-ad-group-1',
      duration: '',
    };
    // Act
    const parsed = body.parse(form) as Record<string, unknown>;
    // Assess
    expect(parsed).toMatchObject({ size: 12000, height: 250, width: 300, advertiser_id: 11, duration: undefined });
    const file = new File([new Uint8Array(12000)], 'banner.png', { type: 'image/png' });
    expect(body.safeParse({ ...form, file }).success).toBe(false);
    const { sourceUrl: _drop, ...withoutSource } = form;
    expect(body.safeParse({ ...withoutSource, file }).success).toBe(true);
    // On the server the file part arrives beside the text fields, so the fields alone must pass.
    expect(body.safeParse(withoutSource).success).toBe(true);
  });

  it('applies the spec file rules to creative forms', () => {
    const body = op('createCreative').body;
    const form = {
      name: 'odd.png',
      sourceUrl: 'https://cdn.example/odd.png',
      size: 1000,
      mimetype: 'image/png',
      height: 123,
      width: 321,
      advertiser_id: 11,
      bg_advertiser_id: 'bgAdvertiser-1',
      click_url: 'https://acme.example',
      adGroupId: 'bg-ad-group-1',
    };
    expect(body.safeParse(form).error?.issues[0]?.message).toBe('File with the wrong dimension: odd.png, 321x123.');
    expect(body.safeParse({ ...form, click_url: 'javascript:alert(1)', width: 300, height: 250 }).success).toBe(false);
  });

  it('refuses a campaign whose max bid exceeds its estimated budget', () => {
    // Prepare
    const body = op('createCampaign').body;
    const payload = {
      bgCampaignId: 'bg-campaign-1',
      beeswaxCampaign: {
        active: false,
        advertiser_id: 11,
        budget_type: 2,
        campaign_budget: 20,
        dailyBudget: 10,
        campaign_name: 'Q1',
        start_date: '2026-12-01',
        end_date: '2026-12-03',
      },
      max_bid: 25,
      bgAdvertiserId: 'bgAdvertiser-1',
      creativeIds: ['bgCreative-1'],
      name: 'Q1',
      targetingInfo: {},
      isVideoCampaign: false,
      campaignType: 'custom',
    };
    // Act
    const result = body.safeParse(payload);
    // Assess
    expect(result.error?.issues[0]?.message).toBe('Max Bid can not be greater than the Estimated Budget');
    expect(body.safeParse({ ...payload, max_bid: 5 }).success).toBe(true);
    expect(
      body.safeParse({ ...payload, max_bid: 5, beeswaxCampaign: { ...payload.beeswaxCampaign, active: true } }).success,
    ).toBe(false);
  });
});

describe('path parameters', () => {
  it('tells an ad group id from an ad-group template id', () => {
    expect(op('getAdGroup').params.safeParse({ id: 'bg-ad-group-1' }).success).toBe(true);
    expect(op('getAdGroup').params.safeParse({ id: 'bg-ad-group-template-1' }).success).toBe(false);
    expect(op('getAdGroupTemplate').params.safeParse({ id: 'bg-ad-group-template-1' }).success).toBe(true);
  });
});

describe('responses', () => {
  it("reads the invoices payload from the spec's JSON string or from the array", () => {
    // The list carries no HTML body (issue 9 §6): GET /mailSents/{id} has it.
    const { body: _body, ...summary } = invoice;
    const response = op('listSentInvoices').response;
    expect(response.parse(JSON.stringify([invoice]))).toEqual([summary]);
    expect(response.parse([summary])).toEqual([summary]);
    expect(response.safeParse('not json').success).toBe(false);
    expect(response.safeParse(JSON.stringify([{ ...invoice, recipientEmail: 'nope' }])).success).toBe(false);
  });
});

/** A string a schema accepts without any length limit, with where it sits (`body.filters[].value`). */
interface UnboundedString {
  readonly path: string;
  readonly format: string | undefined;
}

/** Formats whose shape bounds their length by itself. */
const BOUNDED_FORMATS = new Set(['date', 'datetime', 'uuid', 'guid', 'time']);

function defOf(schema: z.core.$ZodType): Record<string, unknown> & { type: string } {
  return schema._zod.def as unknown as Record<string, unknown> & { type: string };
}

/**
 * Every string inside `schema` that has no maximum length (nor a format that bounds it), walking
 * objects, arrays, records, unions, pipes and wrappers. Used to prove that no request field is
 * unbounded: ids and user names become parts of DynamoDB keys, which have hard size limits.
 */
function unboundedStrings(schema: z.core.$ZodType, path = '', depth = 0): UnboundedString[] {
  if (depth > 16) return [];
  const def = defOf(schema);
  const walk = (inner: unknown, at: string) => unboundedStrings(inner as z.core.$ZodType, at, depth + 1);
  switch (def.type) {
    case 'string': {
      const checks = ((def['checks'] as Array<{ _zod: { def: { check?: string } } }> | undefined) ?? []).map(
        (c) => c._zod.def.check,
      );
      const format = def['format'] as string | undefined;
      const bounded = checks.includes('max_length') || checks.includes('length_equals');
      return bounded || (format !== undefined && BOUNDED_FORMATS.has(format)) ? [] : [{ path, format }];
    }
    case 'object':
      return Object.entries(def['shape'] as Record<string, unknown>).flatMap(([key, inner]) =>
        walk(inner, path ? `${path}.${key}` : key),
      );
    case 'array':
      return walk(def['element'], `${path}[]`);
    case 'record':
      return [...walk(def['keyType'], `${path}{key}`), ...walk(def['valueType'], `${path}{}`)];
    case 'tuple':
      return (def['items'] as unknown[]).flatMap((item, i) => walk(item, `${path}[${i}]`));
    case 'union':
      return (def['options'] as unknown[]).flatMap((option) => walk(option, path));
    case 'intersection':
      return [...walk(def['left'], path), ...walk(def['right'], path)];
    case 'pipe':
      return [...walk(def['in'], path), ...walk(def['out'], path)];
    case 'lazy':
      return walk((def['getter'] as () => unknown)(), path);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def['innerType'], path);
    default:
      return [];
  }
}

describe('request limits', () => {
  it('bounds every string any request may carry: ids and names become parts of keys and items', () => {
    // Act
    const unbounded = operations.flatMap((operation) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        unboundedStrings(operation[part], part).map((s) => `${operation.name} ${s.path}`),
      ),
    );

    // Assess
    expect(unbounded).toEqual([]);
  });
});
