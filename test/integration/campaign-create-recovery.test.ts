import { nowMs } from '@bidgrid/shared/clock';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { campaign as campaignOps } from '@bidgrid/shared';
import { ZCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import { campaignCreationDeps } from '@bidgrid/lambdas/adapters/wiring';
import { createCampaignFromRequest } from '@bidgrid/lambdas/domain/campaigns/create-campaign-request.use-case';
import { logger } from '@bidgrid/lambdas/kernel/logger';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { appItem, bidderRows, bidderSegmentsOf, localDynamoDb, partitionItems, runJob } from '../support/local-data';
import { useLambdasOn } from '../support/lambda-environment';
import { stackInfo } from '../support/stack';
import { creationPayload } from './campaigns.fixtures';

const { createCampaign, getCampaign, matchCsvCompanies } = campaignOps;

const AGENCY = 'bgAgency-demo';
const ACME = 'bgAdvertiser-demo-acme';
const DOMAINS = ['ironbridgemanufacturing.com', 'redwoodclinicallabs.com', 'sapphiretelecom.com'];

/** The wizard's creation payload of the three matched companies, for a new campaign id. */
async function payload(token: string): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
  const matched = await callOperation(matchCsvCompanies, { token, body: { csvCompanies: DOMAINS } });
  return creationPayload(token, 'recovery', {
    advertiserId: ACME,
    maxBid: 12,
    description: 'Made by the recovery test',
    name: 'Recovered ABM',
    targetingInfo: { geo_country: ['USA'] },
    foundCompanyInfo: { companies: matched.body.payload?.uniqueSegments ?? [], fromFile: true },
    // The CRM e-mail layer makes a segment before the line items: the recovery must undo it too.
    foundEmailsInfo: {
      emailsToHash: [{ domain: 'general', emails: ['ann@acme.example', 'bob@other.example'] }],
      fromFile: true,
    },
    campaignType: 'managed',
  });
}

/** Acme's stored segments that a campaign's CRM e-mails made. */
async function storedEmailSegments(bgCampaignId: string): Promise<number> {
  const items = await partitionItems(`AGENCY#${AGENCY}#ADV#${ACME}`, 'SEG#');
  return items.filter((item) => item['bgCampaignId'] === bgCampaignId).length;
}

/** The line-item items stored in a campaign's partition. */
async function storedLineItems(bgCampaignId: string): Promise<number> {
  return (await partitionItems(`AGENCY#${AGENCY}#CAMP#${bgCampaignId}`, 'LI#')).length;
}

describe('campaign creation interrupted part-way', () => {
  it('is undone by the recovery job (nothing at the bidder or in the tables, the CRM e-mail segment too), and the id can be used again', async () => {
    // Prepare: the creation runs here on the stack's tables and bidder (the Lambda's code), with a
    // clock ten minutes behind, so its lease has lapsed by the stack's clock; it hangs at the third
    // line item, as a Lambda killed there would stop: no undo, no release.
    await useLambdasOn(stackInfo());
    const token = await accessTokenFor('demo');
    const body = await payload(token);
    const deps = campaignCreationDeps(logger());
    const createLineItem = deps.bidder.createLineItem.bind(deps.bidder);
    let made = 0;
    const dying = {
      ...deps,
      bidder: {
        ...deps.bidder,
        createLineItem: (input: Parameters<typeof createLineItem>[0]) =>
          ++made === 3 ? new Promise<number>(() => undefined) : createLineItem(input),
      },
      now: () => new Date(nowMs() - 10 * 60_000),
    };
    void createCampaignFromRequest(
      {
        agencyId: AGENCY,
        username: 'demo',
        request: ZCampaignCreate.parse(body),
        limits: { maxCompanies: 100, bidderWorkMs: 60_000 },
      },
      dying,
    );
    await expect
      .poll(async () => {
        const [campaign] = await bidderRows('campaign', { alternative_id: body.bgCampaignId });
        if (!campaign) return 0;
        const lineItems = await bidderRows('line_item', { campaign_id: String(campaign['id']) });
        return lineItems.filter((li) => li['active'] === true).length;
      })
      .toBe(2);
    const [dead] = await bidderRows('campaign', { alternative_id: body.bgCampaignId });
    // As if it had also died inside the store step: a line item written before its campaign.
    await localDynamoDb().send(
      new BatchWriteCommand({
        RequestItems: {
          [stackInfo().tables.app]: [
            {
              PutRequest: {
                Item: {
                  pk: `AGENCY#${AGENCY}#CAMP#${body.bgCampaignId}`,
                  sk: 'LI#987654321',
                  entity: 'lineItem',
                  beeswaxLineItemId: 987654321,
                },
              },
            },
            { PutRequest: { Item: { pk: `AGENCY#${AGENCY}`, sk: 'BIDLI#987654321', entity: 'lineItemPointer' } } },
          ],
        },
      }),
    );
    const journal = await appItem(`AGENCY#${AGENCY}`, `CREATING#${body.bgCampaignId}`);
    expect(await bidderSegmentsOf(`${body.bgCampaignId}:emails`)).toHaveLength(1);
    expect(await storedEmailSegments(body.bgCampaignId)).toBe(1);

    // Act
    await runJob('creation-recovery');

    // Assess: the journal named the campaign; now nothing of it is left anywhere.
    expect(journal).toMatchObject({
      beeswaxCampaignId: dead?.['id'],
      layersMade: [{ layer: 'crmEmails', ref: expect.objectContaining({ bgAdvertiserId: ACME }) }],
    });
    expect(await bidderSegmentsOf(`${body.bgCampaignId}:emails`)).toEqual([]);
    expect(await storedEmailSegments(body.bgCampaignId)).toBe(0);
    expect(await bidderRows('campaign', { alternative_id: body.bgCampaignId })).toEqual([]);
    expect(await bidderRows('line_item', { campaign_id: String(dead?.['id']) })).toEqual([]);
    expect(await storedLineItems(body.bgCampaignId)).toBe(0);
    expect(await appItem(`AGENCY#${AGENCY}`, 'BIDLI#987654321')).toBeUndefined();
    expect(await appItem(`AGENCY#${AGENCY}`, `CREATING#${body.bgCampaignId}`)).toBeUndefined();
    const shown = await callOperationUnchecked(getCampaign, { token, params: { id: body.bgCampaignId } });
    expect(shown.status).toBe(404);

    // The client's retry of the same id makes the campaign once.
    const retry = await callOperation(createCampaign, { token, body });
    expect(retry.status).toBe(200);
    const campaigns = await bidderRows('campaign', { alternative_id: body.bgCampaignId });
    expect(campaigns).toHaveLength(1);
    expect(await bidderRows('line_item', { campaign_id: String(campaigns[0]?.['id']) })).toHaveLength(3);
    expect(await storedLineItems(body.bgCampaignId)).toBe(3);
    expect(await bidderSegmentsOf(`${body.bgCampaignId}:emails`)).toHaveLength(1);
    expect(await storedEmailSegments(body.bgCampaignId)).toBe(1);
  });
});
