import * as z from '../zod';
import { zId } from '../ids';
import { MAX_COMPANIES_PER_CHANGE } from './campaign-targeting-change.schema';
import { ZBidderId, ZCount, ZDomainText } from '../common/common.schema';
import { ZFoundEmailsInfo } from './company.schema';
import { ZPublicListSelection } from '../lists/domain-list.schema';
import { ZTargetingSelectionsRequest } from './targeting-request.schema';

/**
 * A change of a launched campaign's targeting, as the `updateCampaignTargeting` event takes it. Its
 * regions are checked against the geo options (`targeting-request.schema.ts`), so this module stays
 * apart from the targeting editor's and activity log's schemas every campaign reader loads.
 */

/** The targeting layers a change can set, as the creation payload names them. */
export const ZTargetingLayersChange = z.object({
  targetingInfo: ZTargetingSelectionsRequest,
  publicDomainLists: z._default(z.array(ZPublicListSelection), []),
  /** E-mails to hash into a new bidder segment (the CRM layer), as in the creation payload. */
  foundEmailsInfo: z.optional(ZFoundEmailsInfo),
});

/**
 * One change of a launched campaign's targeting. `revision` is the targeting revision the editor
 * read (`getCampaignTargetingEdit`): the change is refused when someone changed it since, so two
 * editors never overwrite each other. Layers left out stay as they are.
 */
export const ZCampaignTargetingChange = z.object({
  bgCampaignId: zId('campaign'),
  revision: ZCount,
  /** Domains (or CSV lines) of companies to add; each matched like the wizard's CSV. */
  addDomains: z._default(z.array(ZDomainText).check(z.maxLength(MAX_COMPANIES_PER_CHANGE)), []),
  /** Bidder ids of the line items (companies) to remove. */
  removeLineItemIds: z._default(z.array(ZBidderId).check(z.maxLength(MAX_COMPANIES_PER_CHANGE)), []),
  layers: z.optional(ZTargetingLayersChange),
});
export type TCampaignTargetingChange = z.infer<typeof ZCampaignTargetingChange>;
