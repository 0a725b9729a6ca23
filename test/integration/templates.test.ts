import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  adgroup as adGroupOps,
  advertiser as advertiserOps,
  creative as creativeOps,
  roleTitle as roleTitleOps,
  template as templateOps,
} from '@bidgrid/shared';
import type { TCampaignTemplate, TCampaignTemplateInput } from '@bidgrid/shared';
import { mp4Clip, pngBanner } from '@bidgrid/local/seed/creative-assets';
import {
  accessTokenFor,
  callAllPages,
  callFormOperation,
  callFormOperationUnchecked,
  callOperation,
  callOperationUnchecked,
  DEMO_PASSWORD,
} from '../support/api';
import { createAgencyWithColleagues, uniqueUserName } from '../support/cognito-local';

const { createAdGroupTemplate, getAdGroupTemplate } = adGroupOps;
const { createCreativeTemplate, getCreativeUploadUrl, listCreativeTemplatesByAdGroupTemplate } = creativeOps;
const { createCampaignTemplate, listCampaignTemplatesByUser, updateCampaignTemplate, deleteCampaignTemplate } =
  templateOps;
const { getCampaignTemplateRoleTitles } = roleTitleOps;

const ACME = 'bgAdvertiser-demo-acme';
const DEMO_TEMPLATE = 'bg-ad-group-template-demo-evergreen';
const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

/** Gets a presigned upload for the file and PUTs it, as the browser does; its sourceUrl. */
async function uploaded(data: Buffer, mimetype: 'image/png' | 'video/mp4', fileName: string): Promise<string> {
  const issued = await callOperation(getCreativeUploadUrl, {
    token: await demo(),
    query: { bgAdvertiserId: ACME, fileName, mimetype, size: String(data.length) },
  });
  const payload = issued.body.payload;
  if (!payload) throw new Error(`No upload URL: ${JSON.stringify(issued.body)}`);
  const put = await fetch(payload.uploadUrl, { method: 'PUT', headers: payload.headers, body: new Uint8Array(data) });
  expect(put.status).toBe(200);
  return payload.sourceUrl;
}

async function newAdGroupTemplate(adGroupType: 'image' | 'video') {
  const reply = await callOperation(createAdGroupTemplate, {
    token: await demo(),
    body: { bgAdvertiserId: ACME, name: `Saved ${randomUUID().slice(0, 6)}`, description: 'From a test', adGroupType },
  });
  expect(reply.status).toBe(200);
  return reply.body.payload?.id as string;
}

describe('the ad group made on /ads-upload or in the wizard, saved as a template (001 §4)', () => {
  it('saves an ad-group template and its creative templates, each with its own copy of the uploaded file', async () => {
    // Prepare
    const token = await demo();
    const banner = pngBanner(300, 250, [10, 60, 120], [240, 180, 20]);
    const clip = mp4Clip(640, 352, 17, [10, 60, 120], [240, 180, 20]);
    const bannerUrl = await uploaded(banner, 'image/png', 'saved banner.png');
    const clipUrl = await uploaded(clip, 'video/mp4', 'saved clip.mp4');

    // Act
    const display = await newAdGroupTemplate('image');
    const video = await newAdGroupTemplate('video');
    const fromBanner = await callFormOperation(createCreativeTemplate, {
      token,
      body: {
        adGroupTemplateId: display,
        creativeTemplateSrc: bannerUrl,
        creativeType: 'image/png',
        name: 'Saved banner',
        description: '',
        size: String(banner.length),
        width: '300',
        height: '250',
      },
    });
    const fromClip = await callFormOperation(createCreativeTemplate, {
      token,
      body: {
        adGroupTemplateId: video,
        creativeTemplateSrc: clipUrl,
        creativeType: 'video/mp4',
        name: 'Saved clip',
        description: '',
        size: String(clip.length),
        width: '640',
        height: '352',
        duration: '30',
      },
    });

    // Assess
    expect([fromBanner.status, fromClip.status]).toEqual([200, 200]);
    expect(fromClip.body.payload).toMatchObject({ adGroupTemplateId: video, duration: 17, size_in_bytes: clip.length });
    const template = await callOperation(getAdGroupTemplate, { token, params: { id: display } });
    expect(template.body.payload).toMatchObject({ bgAdvertiserId: ACME, createdBy: 'demo', adGroupType: 'image' });
    const listed = await callAllPages(listCreativeTemplatesByAdGroupTemplate, { token, params: { id: display } });
    const [saved] = listed.payloads.flat();
    expect(saved).toMatchObject({ name: 'Saved banner', width: 300, height: 250, creativeType: 'image/png' });
    // Its own copy: not the upload's key, and the bytes of the file.
    expect(new URL(saved?.creativeTemplateSrc ?? '').pathname).toContain(`/templates/bgAgency-demo/${display}/`);
    const asset = Buffer.from(await (await fetch(saved?.creativeTemplateSrc ?? '')).arrayBuffer());
    expect(asset.equals(banner)).toBe(true);
  });

  it("refuses another agency's advertiser, template or asset (404 / 400) and bad input (400)", async () => {
    // Prepare
    const display = await newAdGroupTemplate('image');
    const banner = pngBanner(300, 250, [1, 2, 3], [4, 5, 6]);
    const bannerUrl = await uploaded(banner, 'image/png', 'rival.png');
    const form = {
      creativeTemplateSrc: bannerUrl,
      creativeType: 'image/png',
      name: 'Theirs',
      description: '',
      size: String(banner.length),
      width: '300',
      height: '250',
    } as const;

    // Act
    const rivalTemplate = await callOperation(createAdGroupTemplate, {
      token: await rival(),
      body: { bgAdvertiserId: ACME, name: 'Theirs', description: '', adGroupType: 'image' },
    });
    const rivalCreative = await callFormOperation(createCreativeTemplate, {
      token: await rival(),
      body: { ...form, adGroupTemplateId: DEMO_TEMPLATE },
    });
    const wrongKind = await callFormOperation(createCreativeTemplate, {
      token: await demo(),
      body: { ...form, adGroupTemplateId: display, creativeType: 'video/mp4' },
    });
    const badDimension = await callFormOperationUnchecked(createCreativeTemplate, {
      token: await demo(),
      fields: { ...form, adGroupTemplateId: display, width: '333', height: '333' },
    });
    const badBody = await callOperationUnchecked(createAdGroupTemplate, {
      token: await demo(),
      body: { bgAdvertiserId: ACME, name: '', adGroupType: 'gif' },
    });

    // Assess
    expect([rivalTemplate.status, rivalCreative.status]).toEqual([404, 404]);
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.fieldErrors?.['creativeType']).toEqual([
      'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
    ]);
    expect(badDimension.status).toBe(400);
    expect(badDimension.body.fieldErrors?.['width']).toEqual(['File with the wrong dimension: Theirs, 333x333.']);
    expect(badBody.status).toBe(400);
    expect(Object.keys(badBody.body.fieldErrors ?? {}).sort()).toEqual(['adGroupType', 'name']);
    const listed = await callAllPages(listCreativeTemplatesByAdGroupTemplate, {
      token: await demo(),
      params: { id: display },
    });
    expect(listed.payloads.flat()).toEqual([]);
  });
});

describe("ids of another agency's templates", () => {
  const RIVAL_ADVERTISER = 'bgAdvertiser-rival-orbit';
  /** The first creative template the seed gives demo's Evergreen set (`seedCreativeTemplateId`). */
  const DEMO_CREATIVE_TEMPLATE = 'bg-creative-template-demo-evergreen-1';

  it("answers 409 to the rival's ad-group template under demo's id, and the rival's read of it stays 404", async () => {
    // Act
    const taken = await callOperation(createAdGroupTemplate, {
      token: await rival(),
      body: {
        id: DEMO_TEMPLATE,
        bgAdvertiserId: RIVAL_ADVERTISER,
        name: 'Mine now',
        description: '',
        adGroupType: 'image',
      },
    });
    const rivalRead = await callOperation(getAdGroupTemplate, { token: await rival(), params: { id: DEMO_TEMPLATE } });
    const demoRead = await callOperation(getAdGroupTemplate, { token: await demo(), params: { id: DEMO_TEMPLATE } });

    // Assess
    expect([taken.status, rivalRead.status, demoRead.status]).toEqual([409, 404, 200]);
    expect(demoRead.body.payload).toMatchObject({ bgAdvertiserId: ACME, name: 'Evergreen display set' });
  });

  it("answers 409 to the rival's creative template under demo's id, in a template of the rival's own", async () => {
    // Prepare: the rival's template and upload; demo's seeded creative template.
    const token = await rival();
    const demoCreatives = await callAllPages(listCreativeTemplatesByAdGroupTemplate, {
      token: await demo(),
      params: { id: DEMO_TEMPLATE },
    });
    expect(demoCreatives.payloads.flat().map((c) => c.id)).toContain(DEMO_CREATIVE_TEMPLATE);
    const template = await callOperation(createAdGroupTemplate, {
      token,
      body: { bgAdvertiserId: RIVAL_ADVERTISER, name: 'Orbit set', description: '', adGroupType: 'image' },
    });
    const banner = pngBanner(300, 250, [9, 9, 9], [90, 90, 90]);
    const issued = await callOperation(getCreativeUploadUrl, {
      token,
      query: {
        bgAdvertiserId: RIVAL_ADVERTISER,
        fileName: 'orbit.png',
        mimetype: 'image/png',
        size: String(banner.length),
      },
    });
    const upload = issued.body.payload;
    if (!upload) throw new Error(`No upload URL: ${JSON.stringify(issued.body)}`);
    await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: new Uint8Array(banner) });

    // Act
    const taken = await callFormOperation(createCreativeTemplate, {
      token,
      body: {
        id: DEMO_CREATIVE_TEMPLATE,
        adGroupTemplateId: template.body.payload?.id ?? '',
        creativeTemplateSrc: upload.sourceUrl,
        creativeType: 'image/png',
        name: 'Not yours',
        description: '',
        size: String(banner.length),
        width: '300',
        height: '250',
      },
    });

    // Assess
    expect([template.status, taken.status]).toEqual([200, 409]);
    const rivals = await callAllPages(listCreativeTemplatesByAdGroupTemplate, {
      token,
      params: { id: template.body.payload?.id ?? '' },
    });
    expect(rivals.payloads.flat()).toEqual([]);
  });
});

describe('campaign templates (001 §2 Create Template, Create from template)', () => {
  const body = (overrides: Partial<TCampaignTemplateInput> = {}): TCampaignTemplateInput => ({
    templateName: `Template ${randomUUID().slice(0, 6)}`,
    templateSteps: ['target companies', 'zip codes'],
    dailyBudget: 40,
    maxBid: 25,
    bgAdvertiserId: ACME,
    name: 'Q1 brand push',
    isVideoCampaign: false,
    startDate: '2027-01-01',
    endDate: '2027-01-31',
    selectedAdGroupTemplate: DEMO_TEMPLATE,
    selectedZipCodes: ['10001'],
    ...overrides,
  });

  it("saves the caller's template and lists it to its owner only", async () => {
    // Act
    const created = await callOperation(createCampaignTemplate, { token: await demo(), body: body() });
    const mine = await callAllPages(listCampaignTemplatesByUser, { token: await demo(), params: { id: 'demo' } });
    const theirs = await callAllPages(listCampaignTemplatesByUser, { token: await rival(), params: { id: 'rival' } });

    // Assess
    expect(created.status).toBe(200);
    const template = created.body.payload;
    expect(template).toMatchObject({
      agencyId: 'bgAgency-demo',
      createdBy: 'demo',
      estimatedBudget: 1200,
      selectedAdvertiser: { bgAdvertiserId: ACME },
      templateSteps: ['target companies', 'zip codes'],
    });
    expect(mine.payloads.flat().map((t) => t.id)).toContain(template?.id);
    expect(theirs.payloads.flat().map((t) => t.id)).not.toContain(template?.id);
  });

  it("answers 404 for another user's templates and another agency's advertiser or ad-group template", async () => {
    // Prepare: an ad-group template of the rival agency.
    const rivalTemplate = await callOperation(createAdGroupTemplate, {
      token: await rival(),
      body: { bgAdvertiserId: 'bgAdvertiser-rival-orbit', name: 'Orbit set', description: '', adGroupType: 'image' },
    });
    expect(rivalTemplate.status).toBe(200);

    // Act
    const colleague = await callOperation(listCampaignTemplatesByUser, {
      token: await rival(),
      params: { id: 'demo' },
    });
    const advertiser = await callOperation(createCampaignTemplate, { token: await rival(), body: body() });
    const rivalAdvertiser = await callOperation(createCampaignTemplate, {
      token: await demo(),
      body: body({ bgAdvertiserId: 'bgAdvertiser-rival-orbit', selectedAdGroupTemplate: null }),
    });
    const adGroupTemplate = await callOperation(createCampaignTemplate, {
      token: await demo(),
      body: body({ selectedAdGroupTemplate: rivalTemplate.body.payload?.id ?? null }),
    });

    // Assess
    expect([colleague.status, advertiser.status, rivalAdvertiser.status, adGroupTemplate.status]).toEqual([
      404, 404, 404, 404,
    ]);
    expect(JSON.stringify(colleague.body)).not.toContain('bgAgency-demo');
  });

  it('keeps a CSV of thousands of matched companies, and refuses one too large with its reason', async () => {
    // Prepare: rows as company matching answers them, four ranges each.
    const rows = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        domain: `company-${i}.example`,
        include: i % 7 !== 0,
        domainInfo: {
          domain: `company-${i}.example`,
          companyName: `Company ${i}`,
          ipSegments: [0, 1, 2, 3].map((n) => `10.${(i >> 8) & 255}.${i & 255}.${n * 64}/26`),
        },
      }));
    const info = (count: number) => ({
      primarySegments: rows(count),
      uniqueSegments: rows(count),
      matches: count,
      fromFile: true,
    });

    // Act
    const big = await callOperation(createCampaignTemplate, {
      token: await demo(),
      body: body({ templateSteps: ['target companies'], foundCompanyInfo: info(3000) }),
    });
    const tooBig = await callOperation(createCampaignTemplate, {
      token: await demo(),
      body: body({ templateSteps: ['target companies'], foundCompanyInfo: info(12_000) }),
    });

    // Assess
    expect(big.status).toBe(200);
    const mine = await callAllPages(listCampaignTemplatesByUser, { token: await demo(), params: { id: 'demo' } });
    const saved = mine.payloads.flat().find((t) => t.id === big.body.payload?.id);
    expect(saved?.foundCompanyInfo).toEqual(info(3000));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.error).toBe(
      'This template is too large to save. Please keep fewer target companies or e-mails in it.',
    );
  });

  it("pages the owner's large templates so that no reply outgrows a Lambda's 6 MB", async () => {
    // Prepare: three templates of 3,000 companies, about 1.2 MB each as JSON.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      domain: `big-${i}.example`,
      include: true,
      domainInfo: {
        domain: `big-${i}.example`,
        ipSegments: [`10.${(i >> 8) & 255}.${i & 255}.0/24`, `172.16.${i & 255}.0/24`],
      },
    }));
    const info = { primarySegments: rows, uniqueSegments: rows, matches: 3000, fromFile: true };
    const ids: string[] = [];
    for (let n = 0; n < 3; n++) {
      const reply = await callOperation(createCampaignTemplate, {
        token: await demo(),
        body: body({ templateSteps: ['target companies'], foundCompanyInfo: info }),
      });
      expect(reply.status).toBe(200);
      ids.push(reply.body.payload?.id as string);
    }

    // Act
    const all = await callAllPages(listCampaignTemplatesByUser, { token: await demo(), params: { id: 'demo' } });

    // Assess
    expect(all.replies.length).toBeGreaterThan(1);
    for (const reply of all.replies) expect(JSON.stringify(reply.body).length).toBeLessThan(6_000_000);
    expect(all.payloads.flat().map((t) => t.id)).toEqual(expect.arrayContaining(ids));
  });

  it('keeps every targeting layer as sent, and gives it back to its owner (001 §4)', async () => {
    // Prepare: data in all seven layers, with split-list CPM bids and the HubSpot picks of the companies.
    const rows = [
      { domain: 'alpha.example', include: true, domainInfo: { domain: 'alpha.example', ipSegments: ['10.9.0.0/24'] } },
      { domain: 'beta.example', include: false },
    ];
    const layers = {
      templateSteps: [
        'state provinces',
        'zip codes',
        'publication lists',
        'target companies',
        'role titles',
        'visitors retargeting segments',
        'CRM retargeting segments',
      ],
      selectedGeoTargetOptions: ['US-TX', 'CA-ON'],
      selectedZipCodes: ['10001'],
      selectedDomainListsIds: ['public-news'],
      selectedDomainLists: [
        { beeswaxListId: 11, name: 'news-a.example', cpmBid: 31.5 },
        { beeswaxListId: 12, name: 'news-b.example', cpmBid: 18 },
      ],
      foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: 1, fromFile: false },
      matches: 1,
      companySortValues: { tier_values: [{ label: 'Tier 1', value: 'tier_1' }] },
      hubSpotLists: [{ listId: '101', name: 'Enterprise accounts', size: 2 }],
      roleTitles: [{ roleTypeId: 'IT', roleId: 'IT-CTO' }],
      selectedSegmentIds: ['seg-visitors-1'],
      foundEmailsInfo: { emailsToHash: [{ domain: 'alpha.example', emails: ['ann@alpha.example'] }], fromFile: true },
    } satisfies Partial<TCampaignTemplateInput>;

    // Act
    const created = await callOperation(createCampaignTemplate, { token: await demo(), body: body(layers) });
    const mine = await callAllPages(listCampaignTemplatesByUser, { token: await demo(), params: { id: 'demo' } });

    // Assess
    expect(created.status).toBe(200);
    expect(mine.payloads.flat().find((t) => t.id === created.body.payload?.id)).toMatchObject(layers);
  });

  it('answers 400 with field errors for bad input', async () => {
    const missing = await callOperationUnchecked(createCampaignTemplate, {
      token: await demo(),
      body: { templateName: '', bgAdvertiserId: ACME },
    });
    const sameDay = await callOperation(createCampaignTemplate, {
      token: await demo(),
      body: body({ endDate: '2027-01-01' }),
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['templateName', 'templateSteps', 'dailyBudget', 'maxBid', 'name', 'isVideoCampaign']),
    );
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.fieldErrors).toEqual({ endDate: ['The end date must be after the start date'] });
  });
});

describe('editing and deleting campaign templates (001 §4 Template update, §7)', () => {
  /**
   * An agency of two colleagues (templates belong to the user who saved them, not to the agency) with
   * an advertiser, and a template of the owner's with Role/Title, Zip Codes and Target Companies.
   */
  async function ownersTemplate() {
    const owner = uniqueUserName('tpl-owner');
    const colleague = uniqueUserName('tpl-colleague');
    await createAgencyWithColleagues([owner, colleague], DEMO_PASSWORD);
    const ownerToken = await accessTokenFor(owner);
    const advertiser = await callOperation(advertiserOps.createAdvertiser, {
      token: ownerToken,
      body: {
        name: 'Template Advertiser',
        phone: '+1 512 555 0100',
        address_1: '1 Template Way',
        city: 'Denver',
        state: 'CO',
        zip: '80202',
        domain: 'template-advertiser.example',
      },
    });
    const bgAdvertiserId = advertiser.body.payload?.bgAdvertiserId;
    if (!bgAdvertiserId) throw new Error(`createAdvertiser answered ${advertiser.status}`);
    const company = (domain: string) => ({
      domain,
      include: true,
      domainInfo: { domain, companyName: domain, ipSegments: ['10.1.2.0/24'] },
    });
    const rows = [company('alpha.example'), company('beta.example')];
    const created = await callOperation(createCampaignTemplate, {
      token: ownerToken,
      body: {
        templateName: 'Three layers',
        templateSteps: ['role titles', 'zip codes', 'target companies'],
        dailyBudget: 40,
        maxBid: 25,
        bgAdvertiserId,
        name: 'Layered push',
        isVideoCampaign: false,
        startDate: '2027-01-01',
        endDate: '2027-01-31',
        roleTitles: [{ roleTypeId: 'IT', roleId: 'IT-CTO' }],
        selectedZipCodes: ['10001', '94105'],
        foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: 2, fromFile: false },
        matches: 2,
      },
    });
    const template = created.body.payload;
    if (!template)
      throw new Error(`createCampaignTemplate answered ${created.status}: ${JSON.stringify(created.body)}`);
    return { owner, colleague, ownerToken, colleagueToken: await accessTokenFor(colleague), template };
  }

  /** The owner's stored template as the list answers it. */
  async function listed(token: string, owner: string, id: string): Promise<TCampaignTemplate | undefined> {
    const all = await callAllPages(listCampaignTemplatesByUser, { token, params: { id: owner } });
    return all.payloads.flat().find((t) => t.id === id);
  }

  it('lets the owner save an edited template: the data of a dropped step is cleared, the rest kept', async () => {
    // Prepare
    const { owner, ownerToken, template } = await ownersTemplate();

    // Act: Zip Codes is no longer chosen; the body still carries the codes, as a stale draft would.
    const updated = await callOperation(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: { ...template, templateName: 'Two layers', templateSteps: ['role titles', 'target companies'] },
    });

    // Assess
    expect(updated.status).toBe(200);
    const stored = await listed(ownerToken, owner, template.id);
    expect(stored).toEqual(updated.body.payload);
    expect(stored).toMatchObject({
      id: template.id,
      createdBy: owner,
      createdAt: template.createdAt,
      templateName: 'Two layers',
      templateSteps: ['role titles', 'target companies'],
      selectedZipCodes: [],
      roleTitles: template.roleTitles,
      foundCompanyInfo: template.foundCompanyInfo,
      matches: 2,
    });
    expect(stored?.updatedAt).not.toBe(template.updatedAt);
    const roles = await callOperation(getCampaignTemplateRoleTitles, {
      token: ownerToken,
      params: { id: template.id },
    });
    expect(roles.body.payload).toEqual([{ roleTypeId: 'IT', roleId: 'IT-CTO' }]);
  });

  it('refuses a save of a version older than the stored one with 409, keeping the save made since', async () => {
    // Prepare: the template saved once after the second editor opened it.
    const { owner, ownerToken, template } = await ownersTemplate();
    const first = await callOperation(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: { ...template, templateName: 'First editor' },
    });
    expect(first.status).toBe(200);

    // Act
    const second = await callOperation(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: { ...template, templateName: 'Second editor' },
    });

    // Assess
    expect(second.status).toBe(409);
    expect(second.body.error).toBe(
      'This campaign template was changed since you opened it. Please open it again to edit it.',
    );
    expect((await listed(ownerToken, owner, template.id))?.templateName).toBe('First editor');
  });

  it('lets the owner delete a template once: it is gone from the list and its roles, a second delete is 404', async () => {
    // Prepare
    const { owner, ownerToken, template } = await ownersTemplate();

    // Act
    const first = await callOperation(deleteCampaignTemplate, { token: ownerToken, body: { id: template.id } });
    const second = await callOperation(deleteCampaignTemplate, { token: ownerToken, body: { id: template.id } });

    // Assess
    expect(first.status).toBe(200);
    expect(first.body.payload).toEqual({ id: template.id });
    expect(second.status).toBe(404);
    expect(await listed(ownerToken, owner, template.id)).toBeUndefined();
    const roles = await callOperation(getCampaignTemplateRoleTitles, {
      token: ownerToken,
      params: { id: template.id },
    });
    expect(roles.status).toBe(404);
    const update = await callOperation(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: template,
    });
    expect(update.status).toBe(404);
  });

  it("answers a colleague and another agency's user 404 on list, update, delete and roles, as for a missing id", async () => {
    // Prepare
    const { owner, ownerToken, colleagueToken, template } = await ownersTemplate();
    const missing = await callOperation(deleteCampaignTemplate, {
      token: ownerToken,
      body: { id: 'no-such-template' },
    });

    for (const [who, token] of [
      ['colleague', colleagueToken],
      ['rival', await rival()],
    ] as const) {
      // Act
      const replies = [
        await callOperation(listCampaignTemplatesByUser, { token, params: { id: owner } }),
        await callOperation(updateCampaignTemplate, {
          token,
          params: { id: template.id },
          body: { ...template, templateName: `Taken by ${who}` },
        }),
        await callOperation(deleteCampaignTemplate, { token, body: { id: template.id } }),
        await callOperation(getCampaignTemplateRoleTitles, { token, params: { id: template.id } }),
      ];

      // Assess
      expect(
        replies.map((r) => r.status),
        who,
      ).toEqual([404, 404, 404, 404]);
      const [, update, remove] = replies;
      expect(update?.body.error, who).toBe(missing.body.error);
      expect(remove?.body.error, who).toBe(missing.body.error);
      for (const reply of replies) expect(JSON.stringify(reply.body)).not.toContain(template.templateName);
    }
    expect(missing.status).toBe(404);
    expect(await listed(ownerToken, owner, template.id)).toEqual(template);
  });

  it('answers 400 with field errors for a bad update, and leaves the template as it was', async () => {
    // Prepare
    const { owner, ownerToken, template } = await ownersTemplate();

    // Act
    const missing = await callOperationUnchecked(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: { templateName: '', bgAdvertiserId: template.bgAdvertiserId },
    });
    const sameDay = await callOperation(updateCampaignTemplate, {
      token: ownerToken,
      params: { id: template.id },
      body: { ...template, endDate: template.startDate },
    });
    const badDelete = await callOperationUnchecked(deleteCampaignTemplate, { token: ownerToken, body: { id: '' } });

    // Assess
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['templateName', 'templateSteps', 'dailyBudget', 'name', 'updatedAt']),
    );
    expect(sameDay.status).toBe(400);
    expect(sameDay.body.fieldErrors).toEqual({ endDate: ['The end date must be after the start date'] });
    expect(badDelete.status).toBe(400);
    expect(Object.keys(badDelete.body.fieldErrors ?? {})).toEqual(['id']);
    expect(await listed(ownerToken, owner, template.id)).toEqual(template);
  });
});
