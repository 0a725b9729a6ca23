/**
 * Compile-time proof that the hooks are typed by the operation's schemas (never by hand): `tsc -b` (the
 * first step of `npm test`) compiles this file, and each `@ts-expect-error` fails the build if the line
 * under it ever compiles. Nothing here runs; the hook is never called.
 */
import { archiveCampaign, listCampaignsByAdvertiser } from '@bidgrid/shared/campaigns/campaign.operations';
import { getPlaybooks } from '@bidgrid/shared/agency/agency.operations';
import { uploadCreative } from '@bidgrid/shared/ad-groups/creative.operations';
import { getLineItemsReport } from '@bidgrid/shared/reports/report.operations';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { updateCached, type CacheEffects } from './cache-effects';
import { skipToken, useOperationQuery } from './use-operation-query';
import { useOperationMutation } from './use-operation-mutation';
import { useOperationPages, type PageJoin } from './use-operation-pages';
import type { TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';

export function useTypeChecks(): void {
  // A read: params and query as the operation declares them; the reply is the response schema's type.
  const campaigns = useOperationQuery(listCampaignsByAdvertiser, {
    params: { advertiserId: 'bgAdvertiser-1' },
    query: { timeFrame: '7_DAYS' },
  });
  const first: TCampaign | undefined = campaigns.data?.[0];
  const name: string | undefined = first?.name;
  const impressions: number | null | undefined = campaigns.previousData?.[0]?.campaignReports[0]?.impressions;

  // @ts-expect-error reading a field the payload schema lacks
  void campaigns.data?.[0]?.campaignName;

  // @ts-expect-error a wrong path parameter name
  useOperationQuery(listCampaignsByAdvertiser, { params: { advertiser: 'bgAdvertiser-1' } });

  useOperationQuery(listCampaignsByAdvertiser, {
    // @ts-expect-error a path parameter the operation does not have, beside the right one
    params: { advertiserId: 'bgAdvertiser-1', campaignId: 'bg-campaign-1' },
  });

  // @ts-expect-error a query value the schema does not allow
  useOperationQuery(listCampaignsByAdvertiser, { params: { advertiserId: 'a' }, query: { timeFrame: 'YESTERDAY' } });

  // @ts-expect-error the required path parameters are missing
  useOperationQuery(listCampaignsByAdvertiser, {});

  // @ts-expect-error a query parameter the operation does not declare
  useOperationQuery(getLineItemsReport, { query: { bgCampaignId: 'bg-campaign-1', campaignId: 'x' } });

  // @ts-expect-error an operation without parameters takes none
  useOperationQuery(getPlaybooks, { params: { id: 'x' } });

  // @ts-expect-error an operation without a body takes none
  useOperationQuery(getPlaybooks, { body: { username: 'demo' } });

  // A read with nothing to send, and one not made yet.
  const playbooks = useOperationQuery(getPlaybooks, {});
  const title: string | undefined = playbooks.data?.[0]?.title;
  useOperationQuery(getLineItemsReport, skipToken);

  // A change: the body as the schema has it; the reply typed by the response schema.
  const archive = useOperationMutation(archiveCampaign, { refreshes: [listCampaignsByAdvertiser] });
  const archived: Promise<TCampaign> = archive.mutate({
    body: { bgCampaignId: 'bg-campaign-1', updateBody: { archived: true } },
  });

  // @ts-expect-error a body field of the wrong type
  void archive.mutate({ body: { bgCampaignId: 'bg-campaign-1', updateBody: { archived: 'yes' } } });

  // @ts-expect-error the body is required
  void archive.mutate({});

  // @ts-expect-error reading a field the reply lacks
  void archive.data?.archivedAt;

  // A form-data operation takes its body as an object like any other.
  const upload = useOperationMutation(uploadCreative);
  void upload.mutate({
    body: {
      name: 'banner.png',
      sourceUrl: 'https://assets.example/banner.png',
      size: 1000,
      mimetype: 'image/png',
      width: 300,
      height: 250,
      advertiser_id: 1,
      bg_advertiser_id: 'bgAdvertiser-1',
      click_url: 'https://acme.example/',
      adGroupId: 'bg-ad-group-1',
    },
  });

  // Effects: an in-place update gets the cached answer and the reply, each typed by its operation.
  const effects: CacheEffects<TCampaign> = {
    updates: [
      updateCached(listCampaignsByAdvertiser, (cached, saved: TCampaign) =>
        cached.map((campaign) => (campaign.bgCampaignId === saved.bgCampaignId ? saved : campaign)),
      ),
    ],
  };
  // @ts-expect-error an update must return the cached answer's type
  updateCached(listCampaignsByAdvertiser, (cached) => cached.length);

  // A paged list: the page in the query (limit, cursor) beside the operation's own fields; arrays join
  // by themselves, any other payload says how its pages join.
  const pages = useOperationPages(listCampaignsByAdvertiser, {
    params: { advertiserId: 'bgAdvertiser-1' },
    query: { timeFrame: '7_DAYS', limit: 50 },
  });
  const loaded: number = pages.progress.loaded;
  const paged: TCampaign | undefined = pages.data?.[0];
  // @ts-expect-error a limit is a number
  useOperationPages(listCampaignsByAdvertiser, { params: { advertiserId: 'a' }, query: { limit: [1] } });
  // @ts-expect-error the line-item report is not an array: its pages need a join
  useOperationPages(getLineItemsReport, { query: { bgCampaignId: 'bg-campaign-1' } });
  const join: PageJoin<TLineItemsReport> = {
    join: (shown, next) => ({ ...shown, lineItems: [...shown.lineItems, ...next.lineItems] }),
    count: (data) => data.lineItems.length,
  };
  useOperationPages(getLineItemsReport, { query: { bgCampaignId: 'bg-campaign-1' } }, { join });
  // @ts-expect-error a list that is not paged has no pages
  useOperationPages(getPlaybooks, {});

  void [name, impressions, title, archived, effects, loaded, paged];
}
