import { now } from '@bidgrid/shared/clock';
import { ZTargetingSelections, type TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TCampaignType } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { COMPANIES } from '../simulators/company-match';
import { mp4Clip, pngBanner, type Rgb } from './creative-assets';
import type { SeedModule } from './seed-module';

type CampaignId = `bg-campaign-${string}`;

/** A target company of a seeded campaign: one line item each. */
export interface SeedCompany {
  readonly domain: string;
  /** Name and IP ranges; looked up in the company-match dataset when left out. */
  readonly name?: string;
  readonly ipSegments?: readonly string[];
  readonly fromFile?: boolean;
  readonly hubspotCompanyId?: string;
  /** Switched off (after delivering until the seed ran). */
  readonly inactive?: boolean;
}

/** A seeded campaign; days are relative to the day the seed runs. */
export interface SeedCampaign {
  readonly id: CampaignId;
  readonly agencyId: `bgAgency-${string}`;
  readonly advertiserId: `bgAdvertiser-${string}`;
  readonly createdBy: string;
  readonly name: string;
  readonly description: string;
  readonly video: boolean;
  readonly startDay: number;
  readonly endDay: number;
  readonly dailyBudget: number;
  readonly maxBid: number;
  /** State as the dashboard finds it (every campaign delivered during its flight until the seed ran). */
  readonly active: boolean;
  readonly archived: boolean;
  readonly showInHubspot?: boolean;
  readonly maxCompanies?: number | null;
  readonly campaignType: TCampaignType;
  /** Null: no company layer, one line item named after the campaign. */
  readonly companies: readonly SeedCompany[] | null;
  readonly adGroupName: string;
  readonly creatives: ReadonlyArray<{ name: string; width: number; height: number; seconds?: number }>;
  readonly colors: readonly [Rgb, Rgb];
  readonly landingPage: string;
  readonly targeting: Partial<TTargetingSelections>;
}

const GEO_TX = { country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' } as const;
const GEO_MA = { country_code_3: 'USA', region_name: 'Massachusetts', key: 'US-MA' } as const;
const GEO_CA = { country_code_3: 'USA', region_name: 'California', key: 'US-CA' } as const;
const GEO_ON = { country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' } as const;

/**
 * The demo agency's campaigns on its advertisers (display and video; active, inactive, archived,
 * one ended more than 175 days ago, one sales-enabled on the CRM-connected advertiser; Northwind has
 * only an archived one, so its dashboard says 'All campaigns are archived'; Cedarline none) and one
 * of the rival's. Ids and names of the Acme and Orbit campaigns are those of the seeded billing history.
 */
export const SEED_CAMPAIGNS: readonly SeedCampaign[] = [
  {
    id: 'bg-campaign-demo-enterprise',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Q3 ABM - Enterprise Accounts',
    description: 'Enterprise buying committees at the top 6 target accounts.',
    video: false,
    startDay: -100,
    endDay: 60,
    dailyBudget: 180,
    maxBid: 14,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: [
      { domain: 'ironbridgemanufacturing.com', fromFile: true },
      { domain: 'harborviewfinancialgroup.com', fromFile: true },
      { domain: 'summitcrestsoftware.net', fromFile: true },
      { domain: 'granitestateinsuranceco.com', fromFile: true, inactive: true },
      { domain: 'lumenfieldenergy.com', fromFile: true },
      { domain: 'clearpathcybersecurity.com', fromFile: true },
    ],
    adGroupName: 'Enterprise banners',
    creatives: [
      { name: 'Enterprise - Medium Rectangle', width: 300, height: 250 },
      { name: 'Enterprise - Leaderboard', width: 728, height: 90 },
      { name: 'Enterprise - Skyscraper', width: 160, height: 600 },
    ],
    colors: [
      [18, 52, 99],
      [46, 134, 193],
    ],
    landingPage: 'https://acmerobotics.example/enterprise?utm_campaign=q3-abm&utm_content=banner&utm_medium=display',
    targeting: {
      geo_country: ['USA', 'CAN'],
      geo_state: [GEO_TX, GEO_CA, GEO_ON],
      domain_list: [{ beeswaxListId: 9101, name: 'Tech & Business Publishers' }],
      role_title_segments: [
        // Roles of the seeded catalogue; their bidder segment keys are looked up when the seed runs.
        {
          role_name: 'Chief Technology Officer',
          segment_key: 'bidgridlocal-role-cto',
          roleTypeId: 'IT',
          roleId: 'IT-CTO',
        },
        { role_name: 'VP of Operations', segment_key: 'bidgridlocal-role-vpops', roleTypeId: 'OPS', roleId: 'OPS-VP' },
      ],
    },
  },
  {
    id: 'bg-campaign-demo-retargeting',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Retargeting - Site Visitors',
    description: 'Visitors of the pricing and demo pages.',
    video: false,
    startDay: -110,
    endDay: 20,
    dailyBudget: 60,
    maxBid: 8,
    active: false,
    archived: false,
    campaignType: 'custom',
    companies: null,
    adGroupName: 'Retargeting banners',
    creatives: [
      { name: 'Come back - Medium Rectangle', width: 300, height: 250 },
      { name: 'Come back - Mobile Banner', width: 320, height: 50 },
    ],
    colors: [
      [120, 40, 90],
      [231, 76, 60],
    ],
    landingPage: 'https://acmerobotics.example/pricing',
    targeting: {
      retargeting_segments: [
        { segment_key: 'bidgridlocal-seg-pricing', segment_name: 'Pricing page visitors' },
        { segment_key: 'bidgridlocal-seg-demo', segment_name: 'Demo request page visitors' },
      ],
      geo_zip: ['78701', '78702', '94105'],
    },
  },
  {
    id: 'bg-campaign-demo-video',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Brand Video - Logistics Leaders',
    description: 'Pre-roll for operations leaders in logistics.',
    video: true,
    startDay: -80,
    endDay: 40,
    dailyBudget: 240,
    maxBid: 28,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: [
      { domain: 'prairiewindlogistics.com' },
      { domain: 'canyonfreightlines.com' },
      { domain: 'tidewatermarinesystems.com' },
      { domain: 'kestrelautomotiveparts.com' },
    ],
    adGroupName: 'Brand video cuts',
    creatives: [
      { name: 'Brand story 15s', width: 640, height: 352, seconds: 15 },
      { name: 'Brand story 30s', width: 640, height: 352, seconds: 30 },
    ],
    colors: [
      [10, 61, 98],
      [130, 204, 221],
    ],
    landingPage: 'https://acmerobotics.example/logistics',
    targeting: { geo_country: ['USA'], geo_state: [GEO_TX, GEO_MA] },
  },
  {
    id: 'bg-campaign-demo-archived',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Spring Launch - Robotics Arm',
    description: 'Launch of the R2 arm.',
    video: false,
    startDay: -150,
    endDay: -60,
    dailyBudget: 90,
    maxBid: 10,
    active: false,
    archived: true,
    campaignType: 'from-template',
    companies: [{ domain: 'highlandrobotics.com' }, { domain: 'falconridgeaerospace.com' }],
    adGroupName: 'Launch banners',
    creatives: [{ name: 'Launch - Medium Rectangle', width: 300, height: 250 }],
    colors: [
      [39, 55, 70],
      [93, 173, 226],
    ],
    landingPage: 'https://acmerobotics.example/r2',
    targeting: { geo_country: ['USA'], geo_state: [GEO_CA] },
  },
  {
    id: 'bg-campaign-demo-expired',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-acme',
    createdBy: 'demo',
    name: 'Holiday Push - Last Year',
    description: 'Ended more than 175 days ago: read-only.',
    video: false,
    startDay: -260,
    endDay: -200,
    dailyBudget: 75,
    maxBid: 9,
    active: false,
    archived: false,
    campaignType: 'managed',
    companies: [{ domain: 'copperleafretailbrands.com' }, { domain: 'crescentbayapparel.com' }],
    adGroupName: 'Holiday banners',
    creatives: [{ name: 'Holiday - Leaderboard', width: 728, height: 90 }],
    colors: [
      [120, 20, 20],
      [39, 174, 96],
    ],
    landingPage: 'https://acmerobotics.example/holiday',
    targeting: { geo_country: ['USA'], geo_state: [GEO_TX] },
  },
  {
    id: 'bg-campaign-demo-bluepeak-abm',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-bluepeak',
    createdBy: 'demo',
    name: 'Dynamic ABM - Freight Buyers',
    description: 'Target accounts switched on and off by the CRM workflow.',
    video: false,
    startDay: -45,
    endDay: 75,
    dailyBudget: 120,
    maxBid: 12,
    active: true,
    archived: false,
    showInHubspot: true,
    maxCompanies: 25,
    campaignType: 'managed',
    companies: [
      { domain: 'meadowbrookfoods.com', hubspotCompanyId: '9100000101' },
      { domain: 'orchardlanegrocers.com', hubspotCompanyId: '9100000102' },
      { domain: 'westfieldagritech.com', hubspotCompanyId: '9100000103', inactive: true },
      { domain: 'northgatechemicals.com', hubspotCompanyId: '9100000104' },
      { domain: 'frontierminingsupply.com', fromFile: true },
    ],
    adGroupName: 'Freight buyers',
    creatives: [
      { name: 'Freight - Medium Rectangle', width: 300, height: 250 },
      { name: 'Freight - Half Page', width: 300, height: 600 },
    ],
    colors: [
      [21, 67, 96],
      [241, 196, 15],
    ],
    landingPage: 'https://bluepeaklogistics.com/freight',
    targeting: { geo_country: ['USA'], geo_state: [GEO_MA] },
  },
  // The CRM card's picker (issue 14): Keystone is connected to the same portal as Bluepeak (4410001).
  // A paused sales-enabled campaign with room to spare (the picker's inactive note and confirmation),
  // and a running one at its maxCompanies (the 'company-limit-reached' outcome).
  {
    id: 'bg-campaign-demo-keystone-paused',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-keystone',
    createdBy: 'demo',
    name: 'Paused ABM - Cold Chain Shippers',
    description: 'Sales-enabled, switched off until the next season.',
    video: false,
    startDay: -20,
    endDay: 90,
    dailyBudget: 60,
    maxBid: 8,
    active: false,
    archived: false,
    showInHubspot: true,
    maxCompanies: 10,
    campaignType: 'managed',
    companies: [{ domain: 'canyonfreightlines.com' }, { domain: 'prairiewindlogistics.com' }],
    adGroupName: 'Cold chain',
    creatives: [{ name: 'Cold chain - Medium Rectangle', width: 300, height: 250 }],
    colors: [
      [17, 94, 89],
      [236, 240, 241],
    ],
    landingPage: 'https://keystonefreight.example/cold-chain',
    targeting: { geo_country: ['USA'], geo_state: [GEO_TX] },
  },
  {
    id: 'bg-campaign-demo-keystone-full',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-keystone',
    createdBy: 'demo',
    name: 'Full ABM - Port Operators',
    description: 'Sales-enabled, every company it may target already added.',
    video: false,
    startDay: -10,
    endDay: 80,
    dailyBudget: 40,
    maxBid: 8,
    active: true,
    archived: false,
    showInHubspot: true,
    maxCompanies: 2,
    campaignType: 'managed',
    companies: [{ domain: 'tidewatermarinesystems.com' }, { domain: 'seasidetravelcollective.com' }],
    adGroupName: 'Port operators',
    creatives: [{ name: 'Port - Medium Rectangle', width: 300, height: 250 }],
    colors: [
      [52, 73, 94],
      [230, 126, 34],
    ],
    landingPage: 'https://keystonefreight.example/ports',
    targeting: { geo_country: ['USA'], geo_state: [GEO_TX] },
  },
  {
    id: 'bg-campaign-demo-northwind-archived',
    agencyId: 'bgAgency-demo',
    advertiserId: 'bgAdvertiser-demo-northwind',
    createdBy: 'demo',
    name: 'Analytics Summit Invite',
    description: 'Invitations to the spring analytics summit.',
    video: false,
    startDay: -120,
    endDay: -90,
    dailyBudget: 50,
    maxBid: 7,
    active: false,
    archived: true,
    campaignType: 'custom',
    companies: [{ domain: 'evergreendatacenters.net' }],
    adGroupName: 'Summit invite',
    creatives: [{ name: 'Summit - Medium Rectangle', width: 300, height: 250 }],
    colors: [
      [44, 62, 80],
      [155, 89, 182],
    ],
    landingPage: 'https://northwindanalytics.io/summit',
    targeting: {},
  },
  {
    id: 'bg-campaign-rival-spring',
    agencyId: 'bgAgency-rival',
    advertiserId: 'bgAdvertiser-rival-orbit',
    createdBy: 'rival',
    name: 'Spring Gear Launch',
    description: 'New trail gear.',
    video: false,
    startDay: -70,
    endDay: 30,
    dailyBudget: 80,
    maxBid: 9,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: [{ domain: 'trailheadoutdoorsupply.com' }, { domain: 'seasidetravelcollective.com' }],
    adGroupName: 'Spring gear',
    creatives: [{ name: 'Spring - Medium Rectangle', width: 300, height: 250 }],
    colors: [
      [30, 132, 73],
      [244, 208, 63],
    ],
    landingPage: 'https://orbitoutfitters.example/spring',
    targeting: { geo_country: ['USA'] },
  },
];

/** The seeded ids tests name (each campaign's ad group and creatives follow from its id). */
export const seedAdGroupId = (campaignId: CampaignId): `bg-ad-group-${string}` =>
  `bg-ad-group-${campaignId.slice('bg-campaign-'.length)}`;
export const seedCreativeId = (campaignId: CampaignId, index: number): `bgCreative-${string}` =>
  `bgCreative-${campaignId.slice('bg-campaign-'.length)}-${index + 1}`;

/** Lambdas modules the seed uses, imported once the stack has set their environment. */
async function seedModules() {
  const [
    {
      advertiserRepository,
      campaignRepository,
      adGroupRepository,
      reportRepository,
      roleCatalogRepository,
      bidderClient,
      creativeStorage,
      syncCampaign,
      createCampaign,
      reportToday,
      createLogger,
      uncountedMetrics,
    },
    { estimatedBudget },
  ] = await Promise.all([
    import('@bidgrid/lambdas/seeding'),
    import('@bidgrid/shared/campaigns/campaign-details.schema'),
  ]);
  return {
    advertiserRepository,
    campaignRepository,
    adGroupRepository,
    reportRepository,
    roleCatalogRepository,
    bidder: bidderClient(),
    creativeStorage,
    syncCampaign,
    createCampaign,
    reportToday,
    estimatedBudget,
    createLogger,
    uncountedMetrics,
  };
}

/**
 * Seeded roles name the catalogue's roles by id; their segment keys are the bidder's, known only once
 * the role catalogue seed has made them, so they are looked up here (a role the catalogue lacks keeps
 * the key it was given).
 */
async function withCatalogKeys(
  roles: TTargetingSelections['role_title_segments'],
  catalog: { listRoleTypes(): Promise<TRoleType[]> },
): Promise<TTargetingSelections['role_title_segments']> {
  if (roles.length === 0) return [];
  const keys = new Map(
    (await catalog.listRoleTypes()).flatMap((type) =>
      type.roleSet.map((role) => [`${type.roleTypeId}:${role.roleId}`, role.cookieSets[0]?.segment_key] as const),
    ),
  );
  return roles.map((role) => ({
    ...role,
    segment_key: keys.get(`${role.roleTypeId ?? ''}:${role.roleId ?? ''}`) ?? role.segment_key,
  }));
}

/** The day offset `offset` from `today`. */
export const seedDay = (offset: number, today: string): string =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Makes one campaign through the code the handlers use: the bidder campaign, its line items (one
 * per company, with its IP ranges) and creatives (real PNG and MP4 files in the creative bucket)
 * linked to every line item, all active from their flight start; then the state the dashboard
 * shows (switched off, archived) and the app-table items. False when the campaign exists already.
 * Tests and the bench make their own campaigns with it (the local stack's environment must be set).
 */
export async function createSeedCampaign(seed: SeedCampaign, today: string): Promise<boolean> {
  const m = await seedModules();
  const { bidder, creativeStorage } = m;
  if (await m.campaignRepository.getCampaign(seed.agencyId, seed.id)) return false;
  const advertiser = await m.advertiserRepository.getAdvertiser(seed.agencyId, seed.advertiserId);
  if (!advertiser) throw new Error(`Seed campaign ${seed.id}: advertiser ${seed.advertiserId} is not seeded`);
  const start = seedDay(seed.startDay, today);
  const end = seedDay(seed.endDay, today);
  const budget = m.estimatedBudget(seed.dailyBudget, start, end);

  const companies = (seed.companies ?? [null]).map((company) => {
    if (!company) return { company, name: seed.name, segments: [] as string[] };
    const match = COMPANIES.find((c) => c.domain === company.domain);
    const name = company.name ?? match?.name;
    const segments = company.ipSegments ?? match?.ipRanges.map((r) => r.cidr);
    if (!name || !segments) throw new Error(`Seed company ${company.domain} is not in the company-match dataset`);
    return { company, name, segments: [...segments] };
  });
  const createdAt = `${seedDay(seed.startDay - 3, today)}T15:00:00.000Z`;
  const targeting = {
    ...ZTargetingSelections.parse({}),
    ...seed.targeting,
    role_title_segments: await withCatalogKeys(seed.targeting.role_title_segments ?? [], m.roleCatalogRepository),
  };

  // The campaign, its conversion event and its line items (inactive at the bidder until creatives
  // are linked) through the use case the wizard calls.
  const { campaign, lineItems } = await m.createCampaign(
    {
      campaign: {
        bgCampaignId: seed.id,
        bgAdvertiserId: seed.advertiserId,
        agencyId: seed.agencyId,
        name: seed.name,
        description: seed.description,
        active: seed.active,
        archived: seed.archived,
        start_date: start,
        end_date: end,
        daily_budget: seed.dailyBudget,
        campaign_budget: budget,
        maxBid: seed.maxBid,
        maxCompanies: seed.maxCompanies ?? null,
        showInHubspot: seed.showInHubspot ?? false,
        isVideoCampaign: seed.video,
        accounts: seed.companies?.length ?? 0,
        campaignType: seed.campaignType,
        createdBy: seed.createdBy,
        createdAt,
      },
      beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
      lineItems: companies.map(({ company, name, segments }) => ({
        key: company?.domain ?? 'all',
        record: {
          bgCampaignId: seed.id,
          bgAdvertiserId: seed.advertiserId,
          line_item_name: name,
          active: !company?.inactive,
          hubspotCompanyId: company?.hubspotCompanyId ?? null,
          fromFile: company?.fromFile ?? false,
          domain: company?.domain ?? null,
          line_item_spend: 0,
          segmentCount: segments.length,
        },
        targeting: {
          ...(seed.targeting.geo_country?.length ? { countries: [...seed.targeting.geo_country] } : {}),
          ...(segments.length ? { ipRanges: segments } : {}),
        },
      })),
      targeting,
    },
    { campaigns: m.campaignRepository, bidder, log: m.createLogger({ level: 'warn' }) },
  );

  const adGroupId = seedAdGroupId(seed.id);
  const creatives = [];
  for (const [index, spec] of seed.creatives.entries()) {
    const bgCreativeId = seedCreativeId(seed.id, index);
    const video = spec.seconds !== undefined;
    const asset = video
      ? mp4Clip(spec.width, spec.height, spec.seconds ?? 15, ...seed.colors)
      : pngBanner(spec.width, spec.height, ...seed.colors);
    const mimetype = video ? 'video/mp4' : 'image/png';
    const fileName = `${spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${video ? 'mp4' : 'png'}`;
    const assetKey = `creatives/${seed.agencyId}/${bgCreativeId}/${fileName}`;
    await creativeStorage.put(assetKey, asset, mimetype);
    const beeswaxCreativeId = await bidder.createCreative({
      advertiserId: advertiser.beeswaxAdvertiserId,
      name: spec.name,
      ourId: bgCreativeId,
      media: video ? 'video' : 'display',
      width: spec.width,
      height: spec.height,
      clickUrl: seed.landingPage,
      file: { fileName, contentType: mimetype, bytes: asset },
      active: true,
    });
    for (const lineItem of lineItems) await bidder.linkCreative(beeswaxCreativeId, lineItem.beeswaxLineItemId);
    creatives.push({
      bgCreativeId,
      beeswaxCreativeId,
      adGroupId,
      bgAdvertiserId: seed.advertiserId,
      bgCampaignId: seed.id,
      name: spec.name,
      description: '',
      height: spec.height,
      width: spec.width,
      creativeType: mimetype,
      duration: spec.seconds ?? null,
      size: asset.length,
      createdAt,
      click_url: seed.landingPage,
      assetKey,
      active: true,
      version: 0,
    } as const);
  }

  // With creatives linked the line items serve from their flight start (the simulator takes a line
  // item's first switch-on as part of its set-up); then the state the dashboard finds: what was
  // switched off, after delivering until now.
  if (creatives.length > 0) {
    for (const lineItem of lineItems) await bidder.updateLineItem(lineItem.beeswaxLineItemId, { active: true });
  }
  if (!seed.active) await bidder.updateCampaign(campaign.beeswaxCampaignId, { active: false });
  for (const lineItem of lineItems) {
    if (!lineItem.active) await bidder.updateLineItem(lineItem.beeswaxLineItemId, { active: false });
  }
  await m.adGroupRepository.putNewAdGroup(seed.agencyId, {
    adGroupId,
    bgAdvertiserId: seed.advertiserId,
    bgCampaignId: seed.id,
    createdBy: seed.createdBy,
    name: seed.adGroupName,
    description: `Creatives of ${seed.name}`,
    adGroupType: seed.video ? 'video' : 'image',
    createdAt,
  });
  for (const creative of creatives) await m.adGroupRepository.putNewCreative(seed.agencyId, creative);
  return true;
}

/**
 * Pulls a seeded campaign's delivery of its whole flight through the sync the job runs (its rows,
 * its rollups); returns how many daily rows were written.
 */
export async function syncSeedCampaign(seed: SeedCampaign, today: string): Promise<number> {
  const m = await seedModules();
  const result = await m.syncCampaign(
    { agencyId: seed.agencyId, bgCampaignId: seed.id },
    {
      campaigns: m.campaignRepository,
      adGroups: m.adGroupRepository,
      reports: m.reportRepository,
      bidder: m.bidder,
      // The seed's sync is not the app's: it counts nothing.
      metrics: m.uncountedMetrics,
      now,
      log: m.createLogger({ level: 'warn' }),
    },
    { from: seedDay(seed.startDay, today) },
  );
  return result.rowsWritten;
}

/**
 * The demo campaigns (see `SEED_CAMPAIGNS`) with their flights' delivery (about 120 days for the
 * running ones). A campaign already there is left alone.
 */
export const campaignsSeed: SeedModule = {
  name: 'campaigns',
  store: 'dynamodb',
  async run({ logger }) {
    const { reportToday } = await seedModules();
    const today = reportToday(now());
    const created: SeedCampaign[] = [];
    for (const seed of SEED_CAMPAIGNS) if (await createSeedCampaign(seed, today)) created.push(seed);
    for (const seed of created) await syncSeedCampaign(seed, today);
    logger.debug(`seeded ${created.length} campaigns with their delivery`);
  },
};
