import { randomUUID } from 'node:crypto';
import type * as z from '@bidgrid/shared/zod';
import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import { MAX_BUDGET_USD, MIN_CAMPAIGN_DAYS } from '@bidgrid/shared/constants';
import type {
  TCampaignTemplate,
  ZCampaignTemplateInput,
  ZCampaignTemplateUpdateInput,
} from '@bidgrid/shared/templates/campaign-template.schema';
import { estimatedBudget } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { isoDaysBetween } from '@bidgrid/shared/common/iso-date';
import { clearDroppedStepData } from '@bidgrid/shared/templates/template-steps';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import { invalidRequest } from '../../kernel/validation';
import { requireAdvertiser } from '../advertisers/get-advertiser.use-case';
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
  changedSince: 'This campaign template was changed since you opened it. Please open it again to edit it.',
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

const newestFirst = (a: TCampaignTemplate, b: TCampaignTemplate): number => b.createdAt.localeCompare(a.createdAt);

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

/** The template fields a body sets, once checked and completed by the server (not yet an owned template). */
type TCheckedTemplateFields = Omit<TCampaignTemplate, 'id' | 'agencyId' | 'createdBy' | 'createdAt' | 'updatedAt'>;

/**
 * The rules a template body meets on create and on update alike. What it names must be the caller's
 * agency's: the advertiser (404 otherwise) and the selected ad-group template (404 otherwise; it must be
 * that advertiser's and of the template's media type, 400 otherwise). The server sets what the client
 * may not choose: the advertiser's fields as stored and the estimated budget (daily budget x days when
 * both dates are set, as the details form computes it; 0 otherwise). Dates may be empty (a template
 * outlives the days it was made on) or in the past, but set ones keep the form's rules: the end at
 * least a day after the start, the max bid within the estimated budget.
 */
async function checkedTemplateFields(
  agencyId: string,
  body: z.output<typeof ZCampaignTemplateInput>,
  deps: Pick<CampaignTemplateDeps, 'advertisers' | 'adGroupTemplates'>,
): Promise<TCheckedTemplateFields> {
  const advertiser = await requireAdvertiser(agencyId, body.bgAdvertiserId, deps.advertisers);
  const errors: TFieldErrors = {};
  if (body.selectedAdvertiser && body.selectedAdvertiser.bgAdvertiserId !== advertiser.bgAdvertiserId) {
    errors['selectedAdvertiser.bgAdvertiserId'] = [CAMPAIGN_TEMPLATE_MESSAGES.notThisAdvertiser];
  }
  if (body.advertiser_id !== null && body.advertiser_id !== advertiser.beeswaxAdvertiserId) {
    errors['advertiser_id'] = [CAMPAIGN_TEMPLATE_MESSAGES.notThisAdvertiser];
  }
  if (body.selectedAdGroupTemplate !== null) {
    const adGroupTemplate = await deps.adGroupTemplates.getAdGroupTemplate(agencyId, body.selectedAdGroupTemplate);
    if (!adGroupTemplate) {
      throw new NotFoundError(CAMPAIGN_TEMPLATE_MESSAGES.adGroupTemplateNotFound, {
        internalMessage: `Ad group template ${body.selectedAdGroupTemplate} not in agency ${agencyId}`,
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
  if (Object.keys(errors).length > 0) throw invalidRequest(errors);

  const { id: _clientId, agencyId: _clientAgency, createdBy: _clientUser, ...fields } = body;
  return {
    ...fields,
    templateName: body.templateName.trim(),
    name: body.name.trim(),
    selectedAdvertiser: {
      bgAdvertiserId: advertiser.bgAdvertiserId,
      beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
      name: advertiser.name,
    },
    advertiser_id: advertiser.beeswaxAdvertiserId,
    estimatedBudget: estimated,
  };
}

/** The store's refusal of a template over its item limit, as a 400 with its reason rather than a 500. */
const tooLargeError = () =>
  new BadRequestError(CAMPAIGN_TEMPLATE_MESSAGES.tooLarge, {
    foundCompanyInfo: [CAMPAIGN_TEMPLATE_MESSAGES.tooLarge],
  });

/**
 * `POST /campaign/templates` ('Create Template'): saves a campaign template owned by the caller, under
 * the rules of `checkedTemplateFields`. The server sets the id (new, so a template is never
 * overwritten), the agency, the owner and the times.
 */
export async function createCampaignTemplate(
  input: { agencyId: string; username: string; body: z.output<typeof ZCampaignTemplateInput> },
  deps: CampaignTemplateDeps,
): Promise<TCampaignTemplate> {
  const fields = await checkedTemplateFields(input.agencyId, input.body, deps);
  const now = deps.now().toISOString();
  const template: TCampaignTemplate = {
    ...fields,
    id: (deps.newId ?? randomUUID)(),
    agencyId: input.agencyId as TCampaignTemplate['agencyId'],
    createdBy: input.username,
    createdAt: now,
    updatedAt: now,
  };
  const written = await deps.campaignTemplates.putNewCampaignTemplate(template);
  if (written === 'exists') throw new ConflictError(CAMPAIGN_TEMPLATE_MESSAGES.exists);
  if (written === 'too-large') throw tooLargeError();
  return template;
}

/** The caller's own template, or the one 404 every other case answers (a colleague's, another agency's, none). */
async function requireOwnTemplate(
  input: { agencyId: string; username: string; templateId: string },
  deps: Pick<CampaignTemplateDeps, 'campaignTemplates'>,
): Promise<TCampaignTemplate> {
  const template = await deps.campaignTemplates.getCampaignTemplate(input.agencyId, input.username, input.templateId);
  if (!template) {
    throw new NotFoundError(CAMPAIGN_TEMPLATE_MESSAGES.notFound, {
      internalMessage: `${input.username} of ${input.agencyId} has no template ${input.templateId}`,
    });
  }
  return template;
}

/**
 * `PUT /campaign/templates/{id}` ('Save' of an edited template): replaces one of the caller's templates.
 * Only its owner may (the look-up is under the caller's agency and user name, so a colleague's template,
 * another agency's and a missing one all answer the same 404). The body meets the create rules; the id,
 * agency, owner and creation time stay the stored template's, `updatedAt` becomes now.
 *
 * Concurrency: the body carries the `updatedAt` of the version the client edited. An older one answers
 * 409 (someone saved it since, in another tab or session), and the write itself is conditional on the
 * version read here, so two saves racing each other cannot both pass: the later gets 409 instead of
 * silently dropping the other's changes. Last-writer-wins was the alternative; it would lose the first
 * save's edits without anyone knowing, and the update rule below would be applied against a template
 * that was no longer the stored one.
 *
 * The update rule (001 §4, `clearDroppedStepData`): the data of steps the STORED template has and the
 * body's `templateSteps` no longer has is cleared, whatever the body sends for them.
 */
export async function updateCampaignTemplate(
  input: {
    agencyId: string;
    username: string;
    templateId: string;
    body: z.output<typeof ZCampaignTemplateUpdateInput>;
  },
  deps: Omit<CampaignTemplateDeps, 'newId'>,
): Promise<TCampaignTemplate> {
  const stored = await requireOwnTemplate(input, deps);
  const { updatedAt: editedVersion, ...body } = input.body;
  if (stored.updatedAt !== editedVersion) {
    throw new ConflictError(CAMPAIGN_TEMPLATE_MESSAGES.changedSince, {
      internalMessage: `Template ${stored.id} is at ${stored.updatedAt}, the save was of ${editedVersion}`,
    });
  }
  const fields = await checkedTemplateFields(input.agencyId, body, deps);
  const template: TCampaignTemplate = {
    ...clearDroppedStepData(fields, stored.templateSteps, fields.templateSteps),
    id: stored.id,
    agencyId: stored.agencyId,
    createdBy: stored.createdBy,
    createdAt: stored.createdAt,
    updatedAt: deps.now().toISOString(),
  };
  const written = await deps.campaignTemplates.replaceCampaignTemplate(template, stored.updatedAt);
  if (written === 'too-large') throw tooLargeError();
  if (written === 'changed') {
    // Deleted or saved by another request since it was read above: say which.
    await requireOwnTemplate(input, deps);
    throw new ConflictError(CAMPAIGN_TEMPLATE_MESSAGES.changedSince, {
      internalMessage: `Template ${stored.id} changed while it was saved`,
    });
  }
  return template;
}

/**
 * `DELETE /campaign/templates` `{id}`: deletes one of the caller's templates. Only its owner may (404
 * for every other case, as for update). The delete is conditional on the template being there, so a
 * second delete of the same id answers 404 rather than a success that deleted nothing.
 */
export async function deleteCampaignTemplate(
  input: { agencyId: string; username: string; templateId: string },
  deps: Pick<CampaignTemplateDeps, 'campaignTemplates'>,
): Promise<{ id: string }> {
  const deleted = await deps.campaignTemplates.deleteCampaignTemplate(input.agencyId, input.username, input.templateId);
  if (!deleted) {
    throw new NotFoundError(CAMPAIGN_TEMPLATE_MESSAGES.notFound, {
      internalMessage: `${input.username} of ${input.agencyId} deleted no template ${input.templateId}`,
    });
  }
  return { id: input.templateId };
}
