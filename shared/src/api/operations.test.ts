import { describe, expect, it } from 'vitest';
import * as z from '../zod';
import { kebabName, type AnyOperation } from './operation';
import * as table from './operations';
import { operations, operationsByName } from './operations';

/** The keys of an object schema, looking through defaults, optionals and pipes. */
function shapeKeys(schema: z.ZodMiniType): string[] {
  if (schema instanceof z.ZodMiniObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodMiniDefault || schema instanceof z.ZodMiniOptional)
    return shapeKeys(schema.def.innerType as z.ZodMiniType);
  if (schema instanceof z.ZodMiniPipe) return shapeKeys(schema.def.in as z.ZodMiniType);
  return [];
}

/** Spec text to our path: `/api` prefix for user calls, `{crm}` hubspot, `{card}` stripe, `{product}` bg. */
function specPath(path: string): string {
  const named = path.replaceAll('{crm}', 'hubspot').replaceAll('{card}', 'stripe').replaceAll('{product}', 'bg');
  return named.startsWith('/public/') ? named : `/api${named}`;
}

/** `METHOD /path` with parameter names blanked: names are not on the wire and API Gateway needs one per level. */
const routeKey = (method: string, path: string): string => `${method} ${path.replace(/\{\w+\}/g, '{}')}`;

const byRoute = new Map(operations.map((op) => [routeKey(op.method, op.path), op]));

interface SpecCall {
  /** `METHOD /path` as the spec writes it, with the query keys it names after `?`. */
  call: string;
  /** Body fields the spec names. */
  body?: string[];
}

/** Every call of 000 §7, typed from the spec's bullet list. */
const SPEC_000_CALLS: SpecCall[] = [
  { call: 'GET /advertiser/{id}' },
  { call: 'GET /advertiser/agency/{agencyId}' },
  {
    call: 'POST /advertiser/create',
    body: [
      'name',
      'phone',
      'address_1',
      'address_2',
      'city',
      'state',
      'zip',
      'domain',
      'bgAdvertiserId',
      'createdBy',
      'parentAgencyId',
      'category',
    ],
  },
  { call: 'GET /advertiser/categories' },
  { call: 'GET /advertiser/billinglog/{advertiserId}' },
  { call: 'GET /agency/agencyassignedtouser/{username}' },
  { call: 'POST /public/agency/create', body: ['agencyId', 'createdBy', 'email', 'name', 'users'] },
  { call: 'GET /playBooks' },
  { call: 'POST /mailSents', body: ['username'] },
  { call: 'POST /billingLogs/all', body: ['username'] },
  { call: 'POST /billingLogs/byusername', body: ['username'] },
  { call: 'POST /segmentsLogs/all', body: ['username'] },
  { call: 'GET /{card}/intent' },
  { call: 'POST /{card}/advertiser/card', body: ['bgAdvertiserId', 'billingEmail', 'friendlyName', 'method'] },
  { call: 'GET /{crm}/auth/{advertiserId}' },
  { call: 'POST /{crm}/oauthtokens', body: ['code', 'bgAdvertiserId'] },
  { call: 'POST /{crm}/oauthtokens/delete', body: ['bgAdvertiserId'] },
  { call: 'GET /campaign/{id}' },
  { call: 'GET /campaign/allbyadvertiser/{advertiserId}?timeFrame' },
  { call: 'GET /campaign/dailyreport/{id}?date&camapign_id' },
  { call: 'GET /campaign/targetingSelections/{id}' },
  { call: 'PUT /campaign/new/details', body: ['bgCampaignId', 'beeswaxCampaignId', 'updateBody'] },
  { call: 'PUT /campaign/archive', body: ['bgCampaignId', 'updateBody'] },
  { call: 'PUT /campaign/new/status', body: ['bgCampaignId', 'beeswaxCampaignId', 'updateBody'] },
  { call: 'GET /report/lineitems?{product}CampaignId&timeFrame' },
  { call: 'GET /report/lineitems/dailyreport?{product}CampaignId&date' },
  { call: 'GET /report/creatives?adGroupId&timeFrame' },
  { call: 'GET /report/creatives/dailyreport?adGroupId&date' },
  { call: 'PUT /public/crmcard/line-item-status', body: ['beeswaxLineItemId', 'active'] },
  { call: 'GET /adGroups/adgroupby{product}campaignid/{id}' },
  { call: 'GET /creatives/creativesbyadgroupid/{id}' },
  { call: 'PUT /creatives/updateLandingPage', body: ['adGroupId', 'landingPage'] },
  { call: 'DELETE /adGroups/delete', body: ['adGroupId'] },
  { call: 'DELETE /creatives/delete', body: ['bgCreativeId', 'beeswaxCreativeId'] },
];

const CREATIVE_FORM = [
  'name',
  'file',
  'sourceUrl',
  'size',
  'mimetype',
  'description',
  'height',
  'width',
  'advertiser_id',
  'bg_advertiser_id',
  'bg_creative_id',
  'click_url',
  'adGroupId',
  'duration',
  'bgCampaignId',
];

/** Every call of 001 §7, typed from the spec's table. */
const SPEC_001_CALLS: SpecCall[] = [
  {
    call: 'POST /campaign/create',
    body: [
      'bgCampaignId',
      'agencyId',
      'beeswaxCampaign',
      'max_bid',
      'bgAdvertiserId',
      'createdBy',
      'creativeIds',
      'description',
      'name',
      'targetingInfo',
      'foundCompanyInfo',
      'publicDomainLists',
      'foundEmailsInfo',
      'matches',
      'isVideoCampaign',
      'showInHubspot',
      'maxCompanies',
      'campaignType',
    ],
  },
  { call: 'GET /campaign/{id}' },
  { call: 'POST /campaign/event', body: ['bgCampaignId', 'beeswaxAdvertiserId', 'campaignName'] },
  { call: 'GET /geo/options' },
  { call: 'GET /hubspot/companies/properties/{id}' },
  { call: 'GET /hubspot/lists/{id}' },
  { call: 'GET /hubspot/pages/{id}?types' },
  { call: 'GET /roleTitle/getRoleTitleList' },
  { call: 'GET /roleTitle/campaignTemplate/{id}' },
  { call: 'POST /creatives/create', body: CREATIVE_FORM },
  { call: 'POST /creatives/change', body: CREATIVE_FORM },
  { call: 'POST /creatives/upload', body: CREATIVE_FORM },
  {
    call: 'POST /creatives/templates/create',
    body: [
      'size',
      'id',
      'adGroupTemplateId',
      'creativeTemplateSrc',
      'creativeType',
      'name',
      'description',
      'height',
      'width',
      'beeswaxCreativeId',
      'duration',
    ],
  },
  { call: 'PUT /creatives/updateLandingPage', body: ['adGroupId', 'landingPage'] },
  { call: 'DELETE /creatives/delete', body: ['bgCreativeId', 'beeswaxCreativeId'] },
  { call: 'POST /adgroups/create' },
  { call: 'POST /adgroups/templates/create' },
  { call: 'GET /adgroups/templates/{advertiserId}' },
  { call: 'GET /adGroups/{id}' },
  { call: 'GET /adGroups/adgroupby{product}campaignid/{id}' },
  { call: 'DELETE /adGroups/delete', body: ['adGroupId'] },
  { call: 'GET /creatives/creativesbyadgroupid/{id}' },
  { call: 'GET /creatives/templates/creativesbyadgroupid/{id}' },
  { call: 'POST /domainlist/create', body: ['bgAdvertiserId', 'listName', 'domains'] },
  { call: 'GET /domainlist/advertiser/{id}' },
  { call: 'GET /domainlist/public' },
  { call: 'GET /campaign/targetingSelections/{id}' },
  { call: 'POST /campaign/csv-kickfire-matches', body: ['csvCompanies'] },
  { call: 'GET /public/crmcard/campaigns?portalId' },
  { call: 'GET /public/crmcard/add-company-to-campaign?portalId&campaignId&domain&companyName' },
  { call: 'PUT /public/crmcard/line-item-status', body: ['beeswaxLineItemId', 'active'] },
  { call: 'POST /public/crmcard/segments', body: ['name', 'description', 'advertiserId'] },
  { call: 'GET /public/crmcard/segments?advertiserId' },
  { call: 'GET /campaign/templates/{userId}' },
  { call: 'POST /campaign/templates' },
  { call: 'PUT /campaign/templates/{id}' },
  { call: 'DELETE /campaign/templates', body: ['id'] },
  { call: 'GET /playBooks' },
];

/** 001 §7 "Other operations (methods and paths not shown)" and the operation that serves each. */
const OTHER_OPERATIONS: Record<string, string> = {
  'get company sort values by advertiser id': 'getCompanySortValues',
  'get ad group by id': 'getAdGroup',
  'get role titles for template id': 'getCampaignTemplateRoleTitles',
  'get campaign templates by user': 'listCampaignTemplatesByUser',
  'delete template by id': 'deleteCampaignTemplate',
  'fetch segments by advertiser': 'listSegmentsByAdvertiser',
  'HubSpot company fetches by tier filters': 'searchHubspotCompanies',
  'HubSpot company fetches by list ids': 'listHubspotCompaniesByLists',
};

/** Calls the brief adds beyond the spec's lists. */
const OUR_CALLS = [
  'POST /public/stripe/webhook',
  // The CRM card's picker ticket: the picker page in the browser cannot sign like HubSpot (issue 14).
  'POST /public/crmcard/picker-tickets',
  'GET /public/health',
  'PUT /api/lineitem/status',
  'GET /api/creatives/uploadurl',
  'GET /api/agency/signupaccess',
  // Sign-up tickets: only allow-listed internal users create accounts (audit item 3).
  'POST /api/agency/signupticket',
  'GET /api/report/campaign/delivery',
  'GET /api/mailSents/{id}',
  // Targeting that stays editable after launch (issue 12): the editor's starting point, the activity log.
  'GET /api/campaign/targetingEdit/{id}',
  'GET /api/campaign/activity/{id}',
  // The advertiser page's first screen in one read (issue 15).
  'GET /api/advertiser/firstscreen/{id}',
];

function findSpecCall(entry: SpecCall): AnyOperation | undefined {
  const [method = '', rest = ''] = entry.call.split(' ');
  const [path = ''] = rest.split('?');
  return byRoute.get(routeKey(method, specPath(path)));
}

describe('operation table', () => {
  it('names every operation once, in camelCase, with a unique handler file name', () => {
    // Prepare
    const names = operations.map((op) => op.name);
    // Act
    const handlerNames = new Set(names.map(kebabName));
    // Assess
    expect(new Set(names).size).toBe(names.length);
    expect(handlerNames.size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(operationsByName.size).toBe(operations.length);
  });

  it('has one operation per method and path', () => {
    const keys = operations.map((op) => routeKey(op.method, op.path));
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it('puts every path under /api/ or /public/', () => {
    for (const op of operations) expect(op.path, op.name).toMatch(/^\/(api|public)\//);
  });

  it('requires a signed-in user for every /api operation', () => {
    for (const op of operations.filter((o) => o.path.startsWith('/api/'))) expect(op.auth, op.name).toBe('user');
  });

  it('signs the CRM card and webhook calls and leaves only health public', () => {
    const pickerCalls = ['listCrmCardCampaigns', 'addCompanyToCampaign'];
    for (const op of operations.filter((o) => o.path.startsWith('/public/crmcard/'))) {
      // Only the picker page's two calls also take a ticket; everything else is signature-only.
      expect(op.auth, op.name).toBe(pickerCalls.includes(op.name) ? 'hubspot-signed-or-ticket' : 'hubspot-signed');
    }
    expect(operationsByName.get('handleStripeWebhook')?.auth).toBe('stripe-signed');
    expect(operations.filter((op) => op.auth === 'public').map((op) => op.name)).toEqual(['getHealth']);
  });

  it('declares exactly the path parameters the path names', () => {
    for (const op of operations) {
      const inPath = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(Object.keys(op.params.shape).sort(), op.name).toEqual(inPath);
    }
  });

  it('uses one parameter name per path level, as API Gateway resources require', () => {
    // Prepare: parent path -> the variable names used right below it
    const variables = new Map<string, Set<string>>();
    for (const op of operations) {
      const segments = op.path.split('/');
      segments.forEach((segment, i) => {
        const m = /^\{(\w+)\}$/.exec(segment);
        if (!m) return;
        const parent = segments.slice(0, i).join('/');
        variables.set(parent, (variables.get(parent) ?? new Set()).add(m[1] as string));
      });
    }
    // Assess
    const clashes = [...variables]
      .filter(([, names]) => names.size > 1)
      .map(([parent, names]) => `${parent}: ${[...names]}`);
    expect(clashes).toEqual([]);
  });

  it('exports nothing but operations from the feature modules', () => {
    for (const [feature, value] of Object.entries(table)) {
      if (feature === 'operations' || feature === 'operationsByName' || feature === 'operationFeatures') continue;
      for (const op of Object.values(value as Record<string, unknown>)) {
        expect(op, feature).toMatchObject({
          name: expect.any(String),
          method: expect.any(String),
          path: expect.any(String),
        });
        expect((op as AnyOperation).response, feature).toBeInstanceOf(z.ZodMiniType);
      }
    }
  });

  it('builds the table from every feature module it exports, each operation in one feature', () => {
    // Prepare
    const exported = Object.entries(table).filter(
      ([name]) => !['operations', 'operationsByName', 'operationFeatures'].includes(name),
    );
    // Act
    const grouped = Object.values(table.operationFeatures).flatMap((feature) => Object.values(feature));
    // Assess
    expect(Object.keys(table.operationFeatures).sort()).toEqual(exported.map(([name]) => name).sort());
    expect(grouped).toEqual(operations);
    expect(new Set(grouped).size).toBe(operations.length);
  });

  it('takes no body on GET', () => {
    for (const op of operations.filter((o) => o.method === 'GET')) {
      expect(op.body.safeParse(undefined).success, op.name).toBe(true);
    }
  });

  it('sends form data only for the creative uploads', () => {
    const formOps = operations.filter((op) => op.bodyKind === 'form').map((op) => op.name);
    expect(formOps.sort()).toEqual(['changeCreative', 'createCreative', 'createCreativeTemplate', 'uploadCreative']);
  });

  it('names a spec section or says it is ours', () => {
    for (const op of operations) {
      expect(op.specRef, op.name).toMatch(/§|ours/);
      expect(op.summary.length, op.name).toBeGreaterThan(10);
    }
  });
});

describe('spec checklist', () => {
  it.each([...SPEC_000_CALLS.map((c) => ['000', c] as const), ...SPEC_001_CALLS.map((c) => ['001', c] as const)])(
    '%s §7: %j',
    (_doc, entry) => {
      // Act
      const op = findSpecCall(entry);
      // Assess
      expect(op, entry.call).toBeDefined();
      const query = entry.call.split('?')[1];
      const queryKeys = query ? query.split('&').map((key) => key.replaceAll('{product}', 'bg')) : [];
      for (const key of queryKeys) expect(Object.keys(op?.query.shape ?? {}), `${entry.call} query`).toContain(key);
      for (const key of entry.body ?? []) expect(shapeKeys(op?.body ?? z.never()), `${entry.call} body`).toContain(key);
    },
  );

  it.each(Object.entries(OTHER_OPERATIONS))("001 §7 other operation '%s' is %s", (_label, name) => {
    expect(operationsByName.get(name)).toBeDefined();
  });

  it.each(OUR_CALLS)('has %s', (call) => {
    const [method = '', path = ''] = call.split(' ');
    expect(byRoute.get(routeKey(method, path))).toBeDefined();
  });

  it('has no operation that neither the spec nor our list accounts for', () => {
    // Prepare
    const fromSpec = new Set([...SPEC_000_CALLS, ...SPEC_001_CALLS].map((c) => findSpecCall(c)?.name));
    const ours = new Set([
      ...Object.values(OTHER_OPERATIONS),
      ...OUR_CALLS.map((call) => byRoute.get(routeKey(...(call.split(' ') as [string, string])))?.name),
      // The signed-in twin of the CRM card's segment creation (001 §2 create-segment modal).
      'createSegment',
      // The /crm-retargeting page's Save: a CRM e-mail segment outside a campaign (001 §2 CRM Re-targeting).
      'createEmailSegment',
      // The template editor "fetches the ad group by selected template id" (001 §4).
      'getAdGroupTemplate',
    ]);
    // Act
    const unaccounted = operations.map((op) => op.name).filter((name) => !fromSpec.has(name) && !ours.has(name));
    // Assess
    expect(unaccounted).toEqual([]);
  });
});
