import * as z from '../zod';
import { ZNextCursor } from '../api/envelope';
import { zId } from '../ids';
import { ZAdGroup } from '../ad-groups/ad-group.schema';
import { ZAdvertiser } from './advertiser.schema';
import { ZCampaign } from '../campaigns/campaign.schema';
import { ZCampaignActivity } from '../targeting/campaign-targeting-change.schema';
import { ZCreative } from '../ad-groups/creative.schema';
import { ZLineItemsReport } from '../campaigns/line-item.schema';
import { ZTargetingSelections } from '../targeting/targeting.schema';

/** The first page of a paged list, as its own operation answers it: the payload and where the next page starts. */
const firstPage = <T extends z.ZodMiniType>(payload: T) => z.object({ payload, nextCursor: ZNextCursor });

/**
 * What the advertiser page shows first (ours, issue 15), each part exactly what its own operation answers
 * for the same input (a paged part's `nextCursor` is that operation's, so the next page is asked there):
 * the advertiser (`getAdvertiser`), its campaigns over the frame (`listCampaignsByAdvertiser`), and for the
 * campaign the dashboard shows (the asked one when it is listed and not archived, else the newest one not
 * archived; none when there is none, or when the campaigns run past their first page and none was asked)
 * its line items (`getLineItemsReport`), targeting (`getCampaignTargetingSelections`), activity
 * (`listCampaignActivity`), ad groups (`listAdGroupsByCampaign`) and the newest ad group's creatives
 * (`getCreativesReport`), which the page shows expanded.
 */
export const ZAdvertiserPageFirstScreen = z.object({
  advertiser: ZAdvertiser,
  campaigns: firstPage(z.array(ZCampaign)),
  shown: z.nullable(
    z.object({
      bgCampaignId: zId('campaign'),
      lineItems: firstPage(ZLineItemsReport),
      targetingSelections: ZTargetingSelections,
      activity: firstPage(z.array(ZCampaignActivity)),
      adGroups: firstPage(z.array(ZAdGroup)),
      creatives: z.nullable(z.object({ adGroupId: zId('adGroup'), page: firstPage(z.array(ZCreative)) })),
    }),
  ),
});
export type TAdvertiserPageFirstScreen = z.infer<typeof ZAdvertiserPageFirstScreen>;
