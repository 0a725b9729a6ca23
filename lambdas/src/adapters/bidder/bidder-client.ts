import { nowMs } from '@bidgrid/shared/clock';
import { createHash } from 'node:crypto';
import { MAX_BIDDER_NAME } from '@bidgrid/shared/common/common.schema';
import { config } from '../../kernel/config';
import { VendorError } from '../../kernel/errors';
import { appMetrics } from '../metrics';
import { getSecret } from '../secrets';
import type {
  Bidder,
  TBidderAdvertiserInput,
  TBidderCampaign,
  TBidderCreativeChange,
  TBidderLineItemChange,
  TBidderTargeting,
} from '../../domain/ports/bidder.port';
import { createBidderReports } from './bidder-reports';
import { BidderRefusal, BIDDER_VENDOR, createBuzzTransport } from './buzz-transport';
import type { BuzzTransport, BuzzTransportOptions } from './buzz-transport';
import { advertiserRoutes } from './wire/advertisers.wire';
import type { ZAdvertiserRequest } from './wire/advertisers.wire';
import { campaignRoutes } from './wire/campaigns.wire';
import type { ZCampaignPatch } from './wire/campaigns.wire';
import { buzzDecimal } from './wire/common.wire';
import { conversionEventRoutes } from './wire/conversion-events.wire';
import { CREATIVE_TEMPLATES, creativeRoutes } from './wire/creatives.wire';
import type { ZCreativeUpdate } from './wire/creatives.wire';
import { lineItemRoutes } from './wire/line-items.wire';
import type { ZLineItemPatch } from './wire/line-items.wire';
import { listRoutes } from './wire/lists.wire';
import { segmentRoutes } from './wire/segments.wire';
import { MAX_INLINE_ZIPS, targetingExpressionRoutes } from './wire/targeting-expressions.wire';
import type { TTargetingModules } from './wire/targeting-expressions.wire';
import type * as z from '@bidgrid/shared/zod';

/** A campaign's first and last day as v2 date-times (the whole last day included). */
const startOf = (day: string): string => `${day}T00:00:00Z`;
const endOf = (day: string): string => `${day}T23:59:59Z`;

/** Our advertiser in the v2 advertiser's fields. */
const advertiserFields = (input: TBidderAdvertiserInput): z.input<typeof ZAdvertiserRequest> => ({
  name: input.name,
  alternative_id: input.ourId,
  advertiser_category: input.category,
  default_advertiser_domain: input.domain,
  active: input.active,
});

/**
 * A campaign change in v2 fields: only what `change` names. The spend budget travels whole (v2 wants
 * both of its fields), so a change of either budget needs the other: `current` supplies it.
 */
function campaignFields(
  change: Partial<Omit<TBidderCampaign, 'advertiserId'>>,
  current?: { lifetime: string; daily: string },
): z.input<typeof ZCampaignPatch> {
  const out: z.input<typeof ZCampaignPatch> = {};
  if (change.name !== undefined) out.name = change.name;
  if (change.ourId !== undefined) out.alternative_id = change.ourId;
  if (change.startDate !== undefined) out.start_date = startOf(change.startDate);
  if (change.endDate !== undefined) out.end_date = endOf(change.endDate);
  if (change.active !== undefined) out.active = change.active;
  if (change.totalBudget !== undefined || change.dailyBudget !== undefined) {
    out.budget_type = 'spend';
    out.spend_budget = {
      lifetime: change.totalBudget !== undefined ? buzzDecimal(change.totalBudget) : (current?.lifetime ?? '0'),
      daily: change.dailyBudget !== undefined ? buzzDecimal(change.dailyBudget) : (current?.daily ?? '0'),
    };
  }
  return out;
}

/**
 * Our targeting as v2 modules. What needs the bidder first comes in `made`: the ZIP list holding ZIPs
 * above the inline limit.
 */
export function targetingModules(targeting: TBidderTargeting, made: { zipListId?: number } = {}): TTargetingModules {
  const { zipListId } = made;
  const equals = (values: readonly string[]) => ({
    any: values.map((value) => ({ comparator: 'equals' as const, value })),
  });
  const inList = (ids: readonly number[]) => ({ any: ids.map((value) => ({ comparator: 'in_list' as const, value })) });
  const modules: TTargetingModules = {};
  const geo: NonNullable<TTargetingModules['geo']>['all'] = {};
  if (targeting.countries?.length) geo.country = equals(targeting.countries);
  if (targeting.regions?.length) geo.region = equals(targeting.regions.map((r) => `${r.country}/${r.region}`));
  if (zipListId !== undefined) geo.zip_list = inList([zipListId]);
  else if (targeting.zips?.length) geo.zip = equals(targeting.zips.map((z) => `${z.country}/${z.zip}`));
  if (Object.keys(geo).length > 0) modules.geo = { all: geo };
  const user: NonNullable<TTargetingModules['user']>['all'] = {};
  if (targeting.ipRanges?.length) user.ip_range = equals(targeting.ipRanges);
  const expression = audienceExpression(targeting.audiences ?? []);
  if (expression) user.segment = { any: [{ comparator: 'boolean_expression', value: expression }] };
  if (Object.keys(user).length > 0) modules.user = { all: user };
  if (targeting.domainListIds?.length) modules.inventory = { all: { domain_list: inList(targeting.domainListIds) } };
  return modules;
}

/**
 * The segment expression of audience groups: every group ANDed, the keys of a group ORed
 * (`(a OR b) AND c`); empty groups are dropped, and no group means no segment term.
 */
export function audienceExpression(groups: readonly (readonly string[])[]): string {
  const used = groups.filter((group) => group.length > 0);
  const term = (group: readonly string[]): string =>
    group.length === 1 || used.length === 1 ? group.join(' OR ') : `(${group.join(' OR ')})`;
  return used.map(term).join(' AND ');
}

/** HEM: SHA-256 (hex) of the upper-cased, trimmed address with the account's salt appended. */
export function hashedEmail(email: string, salt: string): string {
  return createHash('sha256').update(`${email.trim().toUpperCase()}${salt}`, 'utf8').digest('hex');
}

/**
 * Options of a bidder client: those of its transport (where the bidder is, how it signs in, how it
 * fetches and waits; tests pass fakes) and how it polls.
 */
export interface BidderClientOptions extends BuzzTransportOptions {
  /** Polls of a video's transcoding or a segment upload before giving up (default 60). */
  maxPolls?: number;
  /** First wait between polls in milliseconds, doubled up to 5 s (default 500). */
  pollDelayMs?: number;
}

/** Runs `undo` when `work` fails, then rethrows: a half-made pair (expression + line item) is not left. */
async function orUndo<T>(work: () => Promise<T>, undo: () => Promise<unknown>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    await undo().catch(() => undefined);
    throw error;
  }
}

/** A delete that finds nothing has met its goal (a retry after a lost reply). */
async function gone(remove: () => Promise<unknown>): Promise<void> {
  try {
    await remove();
  } catch (error) {
    if (error instanceof BidderRefusal && error.bidderStatus === 404) return;
    throw error;
  }
}

/**
 * A client of the bidder's Buzz REST API: v2 for advertisers, campaigns, line items and targeting
 * expressions; 0.5 where the bidder has no v2 route yet (creative and video assets and their
 * uploads, creatives and their links, custom lists and `list_item_bulk`, segments and segment
 * uploads, conversion events and their tags). Every body is described once in `wire/`; every
 * failure is a VendorError (502).
 */
/** Rows a list page asks for (the bidder's v2 maximum). */
const LIST_PAGE_SIZE = 500;

export function createBidderClient(options: BidderClientOptions): Bidder {
  const transport: BuzzTransport = createBuzzTransport(options);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const reports = createBidderReports(transport, options.sleep ? { sleep: options.sleep } : {});
  const maxPolls = options.maxPolls ?? 60;
  const pollDelay = (poll: number): number => Math.min(5000, (options.pollDelayMs ?? 500) * 2 ** poll);

  /** Polls `read` until `done` says so; fails after `maxPolls`. */
  const pollUntil = async <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> => {
    for (let poll = 0; ; poll++) {
      const value = await read();
      if (done(value)) return value;
      if (poll + 1 >= maxPolls) throw new VendorError(BIDDER_VENDOR, `${what} not done after ${maxPolls} polls`);
      await sleep(pollDelay(poll));
    }
  };

  /** A segment's key, which targeting expressions and upload lines name it by. */
  const segmentKey = async (id: number): Promise<string> => {
    const rows = (await transport.send(segmentRoutes.get, { params: { id } })).payload;
    const key = rows[0]?.segment_key;
    if (!key) throw new VendorError(BIDDER_VENDOR, `segment ${id} not found`);
    return key;
  };

  /** The modules of a targeting, making the ZIP list the bidder wants above the inline limit. */
  const modulesOf = async (
    targeting: TBidderTargeting,
    owner: { ourId: string; advertiserId?: number },
  ): Promise<{ modules: TTargetingModules; zipListId?: number }> => {
    let zipListId: number | undefined;
    if ((targeting.zips?.length ?? 0) > MAX_INLINE_ZIPS) {
      zipListId = await createList({ name: `ZIPs of ${owner.ourId}`, ourId: owner.ourId, kind: 'zip' });
      await orUndo(
        () =>
          addListItems(
            zipListId as number,
            (targeting.zips ?? []).map((z) => ({ value: `${z.country}/${z.zip}` })),
          ),
        () => gone(() => transport.send(listRoutes.delete, { params: { id: zipListId as number } })),
      );
    }
    const modules = targetingModules(targeting, zipListId !== undefined ? { zipListId } : {});
    return { modules, ...(zipListId !== undefined ? { zipListId } : {}) };
  };

  const createList = async (list: { name: string; ourId: string; kind: 'domain' | 'zip'; advertiserId?: number }) =>
    (
      await transport.send(listRoutes.create, {
        body: {
          list_name: list.name,
          list_type: list.kind,
          alternative_id: list.ourId,
          ...(list.advertiserId !== undefined ? { advertiser_id: list.advertiserId } : {}),
        },
      })
    ).payload.id;

  const addListItems = async (
    listId: number,
    items: ReadonlyArray<{ value: string; bidMultiplier?: number; label?: string }>,
  ): Promise<{ added: number; duplicates: number }> => {
    const clean = (text: string): string => text.replace(/[|\r\n]/g, ' ').trim();
    const lines = items.map(
      (item) => `${clean(item.value)}|${item.bidMultiplier ?? 1}${item.label ? `|${clean(item.label)}` : ''}`,
    );
    if (lines.length === 0) return { added: 0, duplicates: 0 };
    const reply = await transport.send(listRoutes.bulkItems, {
      body: { custom_list_id: listId, list_items: lines },
      // Duplicates are ignored, so sending the same lines again changes nothing.
      retry: 'idempotent',
    });
    return { added: reply.payload.items_added, duplicates: reply.payload.duplicates_ignored };
  };

  const lineItemOf = (id: number) => transport.send(lineItemRoutes.get, { params: { id } });

  /** The ZIP lists a targeting names (only `modulesOf` makes them: they belong to that targeting). */
  const zipListsOf = (modules: TTargetingModules | undefined): number[] =>
    (modules?.geo?.all.zip_list?.any ?? []).map((term) => term.value);
  const deleteLists = async (ids: readonly number[]): Promise<void> => {
    for (const id of ids) await gone(() => transport.send(listRoutes.delete, { params: { id } }));
  };

  /** Deletes a targeting expression and the ZIP lists made for it; one already gone is fine. */
  const deleteTargeting = async (id: number): Promise<void> => {
    let lists: number[];
    try {
      lists = zipListsOf((await transport.send(targetingExpressionRoutes.get, { params: { id } })).modules);
    } catch (error) {
      if (error instanceof BidderRefusal && error.bidderStatus === 404) return;
      throw error;
    }
    await gone(() => transport.send(targetingExpressionRoutes.delete, { params: { id } }));
    await deleteLists(lists);
  };

  return {
    async createAdvertiser(input) {
      return (await transport.send(advertiserRoutes.create, { body: advertiserFields(input) })).id;
    },
    deleteAdvertiser: (advertiserId) =>
      gone(() => transport.send(advertiserRoutes.delete, { params: { id: advertiserId } })),

    async createCampaign(campaign) {
      const created = await transport.send(campaignRoutes.create, {
        body: {
          advertiser_id: campaign.advertiserId,
          name: campaign.name,
          alternative_id: campaign.ourId,
          budget_type: 'spend',
          spend_budget: { lifetime: buzzDecimal(campaign.totalBudget), daily: buzzDecimal(campaign.dailyBudget) },
          start_date: startOf(campaign.startDate),
          end_date: endOf(campaign.endDate),
          active: campaign.active,
        },
      });
      return created.id;
    },
    async updateCampaign(campaignId, change) {
      const needsCurrent = (change.totalBudget === undefined) !== (change.dailyBudget === undefined);
      const current = needsCurrent
        ? (await transport.send(campaignRoutes.get, { params: { id: campaignId } })).spend_budget
        : undefined;
      await transport.send(campaignRoutes.update, {
        params: { id: campaignId },
        body: campaignFields(change, current),
      });
    },
    deleteCampaign: (campaignId) => gone(() => transport.send(campaignRoutes.delete, { params: { id: campaignId } })),
    async findCampaignIds(advertiserId, ourId) {
      const found = await transport.send(campaignRoutes.list, {
        query: { advertiser_id: advertiserId, alternative_id: ourId, page_size: LIST_PAGE_SIZE },
      });
      // The filter is the bidder's; the check is ours, so a filter it ignored deletes nothing of others.
      return found.results.filter((c) => c.alternative_id === ourId).map((c) => c.id);
    },
    async listLineItemIds(campaignId) {
      const ids: number[] = [];
      for (let page = 1; ; page++) {
        const found = await transport.send(lineItemRoutes.list, {
          query: { campaign_id: campaignId, page, page_size: LIST_PAGE_SIZE },
        });
        ids.push(...found.results.filter((li) => li.campaign_id === campaignId).map((li) => li.id));
        if (!found.next || found.results.length === 0) return ids;
      }
    },

    async createLineItem(lineItem) {
      const { modules } = await modulesOf(lineItem.targeting, { ourId: lineItem.ourId });
      const expression = await orUndo(
        () =>
          transport.send(targetingExpressionRoutes.create, {
            body: {
              name: `Targeting of ${lineItem.name}`.slice(0, MAX_BIDDER_NAME),
              alternative_id: lineItem.ourId,
              modules,
            },
          }),
        () => deleteLists(zipListsOf(modules)),
      );
      return orUndo(
        async () =>
          (
            await transport.send(lineItemRoutes.create, {
              body: {
                campaign_id: lineItem.campaignId,
                name: lineItem.name,
                alternative_id: lineItem.ourId,
                type: lineItem.media === 'video' ? 'video' : 'banner',
                budget_type: 'spend',
                spend_budget: { lifetime: buzzDecimal(lineItem.totalBudget), daily: buzzDecimal(lineItem.dailyBudget) },
                bidding: { strategy: 'CPM', values: { cpm_bid: lineItem.cpmBid }, pacing: 'daily' },
                targeting_expression_id: expression.id,
                active: false,
              },
            })
          ).id,
        () => deleteTargeting(expression.id),
      );
    },
    async updateLineItem(lineItemId, change: TBidderLineItemChange) {
      const patch: z.input<typeof ZLineItemPatch> = {};
      if (change.name !== undefined) patch.name = change.name;
      if (change.active !== undefined) patch.active = change.active;
      if (change.cpmBid !== undefined)
        patch.bidding = { strategy: 'CPM', values: { cpm_bid: change.cpmBid }, pacing: 'daily' };
      const current =
        change.targeting !== undefined || (change.totalBudget === undefined) !== (change.dailyBudget === undefined)
          ? await lineItemOf(lineItemId)
          : undefined;
      if (change.totalBudget !== undefined || change.dailyBudget !== undefined) {
        patch.spend_budget = {
          lifetime:
            change.totalBudget !== undefined
              ? buzzDecimal(change.totalBudget)
              : (current?.spend_budget.lifetime ?? '0'),
          daily:
            change.dailyBudget !== undefined ? buzzDecimal(change.dailyBudget) : (current?.spend_budget.daily ?? '0'),
        };
      }
      if (change.targeting !== undefined && current) {
        const { modules } = await modulesOf(change.targeting, { ourId: current.alternative_id ?? String(lineItemId) });
        if (current.targeting_expression_id !== undefined) {
          const params = { id: current.targeting_expression_id };
          const before = zipListsOf((await transport.send(targetingExpressionRoutes.get, { params })).modules);
          await orUndo(
            () => transport.send(targetingExpressionRoutes.update, { params, body: { modules } }),
            () => deleteLists(zipListsOf(modules)),
          );
          // A ZIP list the targeting no longer names was made for it alone.
          await deleteLists(before.filter((id) => !zipListsOf(modules).includes(id)));
        } else {
          const expression = await transport.send(targetingExpressionRoutes.create, {
            body: { name: `Targeting of ${current.name}`.slice(0, MAX_BIDDER_NAME), modules },
          });
          patch.targeting_expression_id = expression.id;
        }
      }
      if (Object.keys(patch).length > 0) {
        await transport.send(lineItemRoutes.update, { params: { id: lineItemId }, body: patch });
      }
    },
    async deleteLineItem(lineItemId) {
      let expressionId: number | undefined;
      try {
        expressionId = (await lineItemOf(lineItemId)).targeting_expression_id;
      } catch (error) {
        if (error instanceof BidderRefusal && error.bidderStatus === 404) return;
        throw error;
      }
      await gone(() => transport.send(lineItemRoutes.delete, { params: { id: lineItemId } }));
      if (expressionId !== undefined) await deleteTargeting(expressionId);
    },

    async createCreative(creative) {
      const video = creative.media === 'video';
      const file = { name: creative.file.fileName, contentType: creative.file.contentType, bytes: creative.file.bytes };
      let assetId: number;
      if (video) {
        assetId = (
          await transport.send(creativeRoutes.createVideoAsset, {
            body: {
              advertiser_id: creative.advertiserId,
              video_asset_name: creative.file.fileName,
              size_in_bytes: creative.file.bytes.byteLength,
            },
          })
        ).payload.id;
        await transport.send(creativeRoutes.uploadVideoAsset, { params: { id: assetId }, file });
        // The bidder transcodes videos in the background; a creative may name the asset once it is done.
        const done = await pollUntil(
          `video asset ${assetId} transcoding`,
          async () => (await transport.send(creativeRoutes.getVideoAsset, { params: { id: assetId } })).payload[0],
          (asset) =>
            asset === undefined || asset.transcoding_status === 'complete' || asset.transcoding_status === 'failed',
        );
        if (done?.transcoding_status !== 'complete') {
          throw new VendorError(BIDDER_VENDOR, `video asset ${assetId} ${done ? 'failed to transcode' : 'vanished'}`);
        }
      } else {
        assetId = (
          await transport.send(creativeRoutes.createAsset, {
            body: {
              advertiser_id: creative.advertiserId,
              creative_asset_name: creative.file.fileName,
              size_in_bytes: creative.file.bytes.byteLength,
            },
          })
        ).payload.id;
        await transport.send(creativeRoutes.uploadAsset, { params: { id: assetId }, file });
      }
      const created = await transport.send(creativeRoutes.create, {
        body: {
          advertiser_id: creative.advertiserId,
          creative_name: creative.name,
          alternative_id: creative.ourId,
          creative_type: video ? 1 : 0,
          creative_template_id: video ? CREATIVE_TEMPLATES.video : CREATIVE_TEMPLATES.banner,
          width: creative.width,
          height: creative.height,
          click_url: creative.clickUrl,
          secure: true,
          active: creative.active,
          creative_assets: [assetId],
        },
      });
      return created.payload.id;
    },
    async updateCreative(creativeId, change: TBidderCreativeChange) {
      const body: z.input<typeof ZCreativeUpdate> = {};
      if (change.name !== undefined) body.creative_name = change.name;
      if (change.width !== undefined) body.width = change.width;
      if (change.height !== undefined) body.height = change.height;
      if (change.clickUrl !== undefined) body.click_url = change.clickUrl;
      if (change.active !== undefined) body.active = change.active;
      await transport.send(creativeRoutes.update, { params: { id: creativeId }, body });
    },
    deleteCreative: (creativeId) => gone(() => transport.send(creativeRoutes.delete, { params: { id: creativeId } })),
    async linkCreative(creativeId, lineItemId) {
      return (
        await transport.send(creativeRoutes.link, {
          body: { creative_id: creativeId, line_item_id: lineItemId, active: true },
        })
      ).payload.id;
    },
    dailyReport: (request) => reports.dailyReport(request),

    createList: (list) => createList(list),
    addListItems: (listId, items) => addListItems(listId, items),
    async removeListItems(listId, values) {
      const items = values.map((value) => value.replace(/[|\r\n]/g, ' ').trim()).filter((value) => value !== '');
      if (items.length === 0) return { removed: 0 };
      const reply = await transport.send(listRoutes.bulkDeleteItems, {
        body: { custom_list_id: listId, list_items: items },
        // Items already gone are ignored, so sending the same removal again changes nothing.
        retry: 'idempotent',
      });
      return { removed: reply.payload.items_deleted };
    },
    deleteList: (listId) => gone(() => transport.send(listRoutes.delete, { params: { id: listId } })),

    async createSegment(segment) {
      const id = (
        await transport.send(segmentRoutes.create, {
          body: {
            segment_name: segment.name,
            advertiser_id: segment.advertiserId,
            alternative_id: segment.ourId,
            ...(segment.description ? { segment_description: segment.description } : {}),
            ttl_days: segment.ttlDays ?? 30,
          },
        })
      ).payload.id;
      // The key is the bidder's (`{buzz_key}-{id}`): read it rather than build it. A segment whose
      // key could not be read is deleted again: the caller never learns its id, so nothing else would.
      return orUndo(
        async () => ({ id, key: await segmentKey(id) }),
        () => gone(() => transport.send(segmentRoutes.delete, { params: { id } })),
      );
    },
    async addSegmentEmails(segmentId, emails, uploadOptions = {}) {
      const key = await segmentKey(segmentId);
      const salt = await options.secrets('BIDDER_HEM_SALT');
      const lines = [
        ...new Set(
          emails
            .map((e) => e.trim())
            .filter(Boolean)
            .map((e) => hashedEmail(e, salt)),
        ),
      ].map((hem) => `${hem}|${key}`);
      if (lines.length === 0 && !uploadOptions.replace) return { accepted: 0, rejected: 0 };
      const bytes = new TextEncoder().encode(lines.length ? `${lines.join('\n')}\n` : '');
      const fileName = `segment-${segmentId}-${nowMs()}.txt`;
      const uploadId = (
        await transport.send(segmentRoutes.createUpload, {
          body: {
            file_name: fileName,
            size_in_bytes: Math.max(1, bytes.byteLength),
            file_format: 'DELIMITED',
            user_id_type: 'HEM',
            operation_type: uploadOptions.replace ? 'REPLACE_ALL_SEGMENTS' : 'ADD_SEGMENTS',
          },
        })
      ).payload.id;
      await transport.send(segmentRoutes.uploadFile, {
        params: { id: uploadId },
        file: { name: fileName, contentType: 'text/plain', bytes },
      });
      const done = await pollUntil(
        `segment upload ${uploadId}`,
        async () => (await transport.send(segmentRoutes.getUpload, { params: { id: uploadId } })).payload[0],
        (upload) => upload === undefined || upload.upload_status === 'complete' || upload.upload_status === 'failed',
      );
      if (done?.upload_status !== 'complete') {
        throw new VendorError(BIDDER_VENDOR, `segment upload ${uploadId} ${done ? 'failed' : 'vanished'}`);
      }
      return { accepted: done.lines_accepted, rejected: done.lines_rejected };
    },
    deleteSegment: (segmentId) => gone(() => transport.send(segmentRoutes.delete, { params: { id: segmentId } })),

    async createConversionEvent(event) {
      const id = (
        await transport.send(conversionEventRoutes.create, {
          body: {
            advertiser_id: event.advertiserId,
            event_name: event.name,
            alternative_id: event.ourId,
            value: event.valueUsd ?? 0,
            attribution: 'ANY',
          },
        })
      ).payload.id;
      return orUndo(
        async () => {
          const tag = (await transport.send(conversionEventRoutes.tag, { params: { id } })).payload[0];
          if (!tag) throw new VendorError(BIDDER_VENDOR, `event ${id} has no tag`);
          return { id, tagUrl: tag.event_tag_url };
        },
        () => gone(() => transport.send(conversionEventRoutes.delete, { params: { id } })),
      );
    },
    deleteConversionEvent: (eventId) =>
      gone(() => transport.send(conversionEventRoutes.delete, { params: { id: eventId } })),
  };
}

/** The buzz key of the account: configured, or the first label of `<buzz_key>.api.beeswax.com`. */
export function buzzKeyOf(baseUrl: string, configured?: string): string {
  if (configured) return configured;
  const host = new URL(baseUrl).hostname;
  const match = /^([a-z0-9_-]+)\.api\.beeswax\.com$/i.exec(host);
  if (!match?.[1]) throw new Error(`BIDDER_BUZZ_KEY is needed: ${host} does not name the account`);
  return match[1];
}

let shared: Bidder | undefined;

/** The bidder client of this warm Lambda, at BIDDER_BASE_URL. */
export function bidderClient(): Bidder {
  const { BIDDER_BASE_URL, BIDDER_BUZZ_KEY, BIDDER_TIMEOUT_MS, BIDDER_UPLOAD_TIMEOUT_MS, BIDDER_RETRY_BASE_MS } =
    config();
  shared ??= createBidderClient({
    baseUrl: BIDDER_BASE_URL,
    buzzKey: buzzKeyOf(BIDDER_BASE_URL, BIDDER_BUZZ_KEY),
    secrets: getSecret,
    metrics: appMetrics(),
    ...(BIDDER_TIMEOUT_MS !== undefined ? { timeoutMs: BIDDER_TIMEOUT_MS } : {}),
    ...(BIDDER_UPLOAD_TIMEOUT_MS !== undefined ? { uploadTimeoutMs: BIDDER_UPLOAD_TIMEOUT_MS } : {}),
    ...(BIDDER_RETRY_BASE_MS !== undefined ? { baseDelayMs: BIDDER_RETRY_BASE_MS } : {}),
  });
  return shared;
}

/** Tests and benches only: forget the client so another BIDDER_BASE_URL builds a fresh one. */
export function resetBidderClientForTests(): void {
  shared = undefined;
}
