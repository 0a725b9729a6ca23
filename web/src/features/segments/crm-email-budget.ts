import type { TFoundEmailsInfo } from '@bidgrid/shared/entities/company.schema';
import { REALTIME_LIMITS, messageBytes } from '@bidgrid/shared/realtime/wire';

/**
 * What the rest of a creation payload takes beside its e-mails in one realtime frame: the details,
 * the creatives, the layers and one company row (chunks carry one company at least).
 */
const REST_OF_PAYLOAD_BYTES = 6 * 1024;

/**
 * The most bytes of e-mails a campaign can carry today. `createCampaign` cuts its companies into
 * chunks, but every chunk carries the e-mails whole and the server keeps only companies from earlier
 * chunks, so the e-mails must fit one frame beside the rest (about 600 addresses). Said at the step
 * rather than as a failed creation at the Summary.
 */
export const CAMPAIGN_EMAIL_BUDGET_BYTES = REALTIME_LIMITS.clientMessageBudgetBytes - REST_OF_PAYLOAD_BYTES;

/** Ours: e-mails beyond what one campaign can carry. */
export const tooManyCampaignEmailsText = (count: number): string =>
  `These ${count} e-mail addresses are more than one campaign can carry for now. Use a shorter list or file.`;

/** The message when the e-mails do not fit a campaign's creation, or null. */
export function campaignEmailsGate(info: TFoundEmailsInfo | null): string | null {
  if (!info) return null;
  const count = info.emailsToHash.reduce((n, group) => n + group.emails.length, 0);
  return messageBytes({ foundEmailsInfo: info }) > CAMPAIGN_EMAIL_BUDGET_BYTES
    ? tooManyCampaignEmailsText(count)
    : null;
}
