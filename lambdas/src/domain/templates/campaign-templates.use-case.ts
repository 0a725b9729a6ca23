import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { MAX_BUDGET_USD, MIN_CAMPAIGN_DAYS } from '@bidgrid/shared/constants';
import type { TCampaignTemplate, ZCampaignTemplateInput } from '@bidgrid/shared/entities/campaign-template.schema';
import { estimatedBudget } from '@bidgrid/shared/validation/campaign-details.schema';
import { isoDaysBetween } from '@bidgrid/shared/validation/iso-date';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/validation/messages';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';
import { summariseFieldErrors } from '../../lib/validation';
import { requireAdvertiser } from '../get-advertiser.use-case';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CampaignTemplateRepository } from '../ports/campaign-template.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { TemplateRepository } from '../ports/template.port';

/** Texts of the template rules the spec states without one (ours). */
export const CAMPAIGN_TEMPLATE_MESSAGES = {
  notFound: 'Campaign templates not found.',
  adGroupTemplateNotFound: 'Ad group template not found.',
  notThisAdvertiser: 'Does not match the advertiser',
  wrongMediaType: 'Does not match the campaign media type',
  exists: 'This campaign template already exists.',
  tooLarge: 'This template is too large to save. Please keep fewer target companies or e-mails in it.',
} as const;

/** Ports of the campaign-template calls. */
export interface CampaignTemplateDeps {
  campaignTemplates: CampaignTemplateRepository;
  advertisers: AdvertiserReader;
  adGroupTemplates: Pick<TemplateRepository, 'getAdGroupTemplate'>;
  now: () => Date;
  newId?: () => string;
}

const newestFirst = (a: TCampaignTemplate, b: TCampaignTemplate): number =>
  (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

/**
 * `GET /campaign/templates/{id}`: one page of the caller's campaign templates, newest first within it.
 * Templates belong to the user who saved them (001 §6 'Templates are loaded per current user'): `{id}`
 * is the spec's `{userId}` and must be the caller's own user name; any other (a colleague's, another
 * agency's user's, one that does not exist) answers 404, the same for all, so user names cannot be probed.
 */
export async function listCampaignTemplates(
  input: { agencyId: string; username: string; userId: string; page: TPageRequest },
  deps: Pick<CampaignTemplateDeps, 'campaignTemplates'>,
): Promise<TPagedPayload<TCampaignTemplate[]>> {
  if (input.userId !== input.username) {
    throw new NotFoundError(CAMPAIGN_TEMPLATE_MESSAGES.notFound, {
      internalMessage: `${input.username} asked for the templates of ${input.userId}`,
    });
  }
  const page = await deps.campaignTemplates.listCampaignTemplates(input.agencyId, input.username, input.page);
  return { payload: [...page.items].sort(newestFirst), nextCursor: page.nextCursor };
}

/**
 * `POST /campaign/templates` ('Create Template'): saves a campaign template owned by the caller. What it
 * names must be the caller's agency's: the advertiser (404 otherwise) and the selected ad-group template
 * (404 otherwise; it must be that advertiser's and of the template's media type, 400 otherwise). The
 * server sets what the client may not choose: the id (new, so a template is never overwritten), the
 * agency, the owner, the advertiser's fields as stored, the estimated budget (daily budget x days when
 * both dates are set, as the details form computes it; 0 otherwise) and the times. Dates may be empty
 * (a template outlives the days it was made on) or in the past, but set ones keep the form's rules:
 * the end at least a day after the start, the max bid within the estimated budget.
 */
export async function createCampaignTemplate(
  input: { agencyId: string; username: string; body: z.output<typeof ZCampaignTemplateInput> },
  deps: CampaignTemplateDeps,
): Promise<TCampaignTemplate> {
  const { body } = input;
  const advertiser = await requireAdvertiser(input.agencyId, body.bgAdvertiserId, deps.advertisers);
  const errors: TFieldErrors = {};
  if (body.selectedAdvertiser && body.selectedAdvertiser.bgAdvertiserId !== advertiser.bgAdvertiserId) {
    errors['selectedAdvertiser.bgAdvertiserId'] = [CAMPAIGN_TEMPLATE_MESSAGES.notThisAdvertiser];
  }
  if (body.advertiser_id !== null && body.advertiser_id !== advertiser.beeswaxAdvertiserId) {
    errors['advertiser_id'] = [CAMPAIGN_TEMPLATE_MESSAGES.notThisAdvertiser];
  }
  if (body.selectedAdGroupTemplate !== null) {
    const adGroupTemplate = await deps.adGroupTemplates.getAdGroupTemplate(
      input.agencyId,
      body.selectedAdGroupTemplate,
    );
    if (!adGroupTemplate) {
      throw new NotFoundError(CAMPAIGN_TEMPLATE_MESSAGES.adGroupTemplateNotFound, {
        internalMessage: `Ad group template ${body.selectedAdGroupTemplate} not in agency ${input.agencyId}`,
      });
    }
    if (adGroupTemplate.bgAdvertiserId !== advertiser.bgAdvertiserId) {
      errors['selectedAdGroupTemplate'] = [CAMPAIGN_TEMPLATE_MESSAGES.notThisAdvertiser];
    } else if ((adGroupTemplate.adGroupType === 'video') !== body.isVideoCampaign) {
      errors['selectedAdGroupTemplate'] = [CAMPAIGN_TEMPLATE_MESSAGES.wrongMediaType];
    }
  }
  const { startDate, endDate } = body;
  const datesSet = startDate !== null && endDate !== null;
  if (datesSet && isoDaysBetween(startDate, endDate) < MIN_CAMPAIGN_DAYS) {
    errors['endDate'] = [VALIDATION_MESSAGES.endDateAfterStart];
  }
  const estimated = datesSet ? estimatedBudget(body.dailyBudget, startDate, endDate) : 0;
  if (estimated > MAX_BUDGET_USD) {
    // The form's rule too: the daily budget is what to lower.
    errors['dailyBudget'] = [VALIDATION_MESSAGES.estimatedBudgetCeiling];
  } else if (datesSet && !errors['endDate'] && body.maxBid > estimated) {
    errors['maxBid'] = [VALIDATION_MESSAGES.maxBidAboveBudget];
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(summariseFieldErrors(errors), errors);

  const now = deps.now().toISOString();
  const { id: _clientId, agencyId: _clientAgency, createdBy: _clientUser, ...fields } = body;
  const template: TCampaignTemplate = {
    ...fields,
    id: (deps.newId ?? randomUUID)(),
    agencyId: input.agencyId as TCampaignTemplate['agencyId'],
    createdBy: input.username,
    templateName: body.templateName.trim(),
    name: body.name.trim(),
    selectedAdvertiser: {
      bgAdvertiserId: advertiser.bgAdvertiserId,
      beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
      name: advertiser.name,
    },
    advertiser_id: advertiser.beeswaxAdvertiserId,
    estimatedBudget: estimated,
    createdAt: now,
    updatedAt: now,
  };
  const written = await deps.campaignTemplates.putNewCampaignTemplate(template);
  if (written === 'exists') throw new ConflictError(CAMPAIGN_TEMPLATE_MESSAGES.exists);
  if (written === 'too-large') {
    // A 400 with its reason rather than the store's refusal as a 500.
    throw new BadRequestError(CAMPAIGN_TEMPLATE_MESSAGES.tooLarge, {
      foundCompanyInfo: [CAMPAIGN_TEMPLATE_MESSAGES.tooLarge],
    });
  }
  return template;
}
