import { ZCampaignTemplate, type TCampaignTemplate } from '@bidgrid/shared/entities/campaign-template.schema';
import type { CampaignTemplateRepository } from '../../domain/ports/campaign-template.port';
import { mapPage, type TPage, type TPageRequest } from '../../domain/ports/page.port';
import { conditionalPut, queryPage, tables } from '../dynamodb';

/**
 * Keys of campaign templates (DATA-MODEL): under their owner (`AGENCY#{a}#USER#{username}`: `TPL#{id}`).
 * The partition is built from the caller's agency and user name, so another user's template, in the
 * same agency or not, is never read: a list or look-up of it finds nothing.
 */
export const campaignTemplateKeys = {
  userPartition: (agencyId: string, username: string) => `AGENCY#${agencyId}#USER#${username}`,
  template: (agencyId: string, username: string, templateId: string) => ({
    pk: `AGENCY#${agencyId}#USER#${username}`,
    sk: `TPL#${templateId}`,
  }),
} as const;

const ENTITY = 'campaignTemplate';

async function listCampaignTemplates(
  agencyId: string,
  username: string,
  page: TPageRequest,
): Promise<TPage<TCampaignTemplate>> {
  const partition = campaignTemplateKeys.userPartition(agencyId, username);
  const items = await queryPage(
    { list: 'campaignTemplates', partitions: [partition], skPrefix: 'TPL#' },
    page,
    (pk) => ({
      TableName: tables().app,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': pk, ':prefix': 'TPL#' },
    }),
  );
  return mapPage(items, (item) => ZCampaignTemplate.parse(item));
}

async function putNewCampaignTemplate(template: TCampaignTemplate): Promise<boolean> {
  return conditionalPut({
    TableName: tables().app,
    Item: {
      ...campaignTemplateKeys.template(template.agencyId, template.createdBy, template.id),
      entity: ENTITY,
      ...template,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
}

/** The DynamoDB implementation. */
export const campaignTemplateRepository: CampaignTemplateRepository = {
  listCampaignTemplates,
  putNewCampaignTemplate,
};
