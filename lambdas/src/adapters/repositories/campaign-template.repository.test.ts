import '../../test-env';
import { gunzipSync } from 'node:zlib';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { ZCampaignTemplate, type TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import { decodeCursor } from '../page-keys';
import {
  campaignTemplateRepository,
  MAX_TEMPLATE_ITEM_BYTES,
  MAX_TEMPLATE_PAGE_BYTES,
} from './campaign-template.repository';

const ddbMock = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  ddbMock.reset();
});

/** A template with `companies` matched companies of four ranges each (what a CSV upload keeps). */
function template(id: string, companies: number): TCampaignTemplate {
  const rows = Array.from({ length: companies }, (_, i) => ({
    domain: `company-${i}.example`,
    include: true,
    domainInfo: {
      domain: `company-${i}.example`,
      ipSegments: [0, 1, 2, 3].map((n) => `10.${(i >> 8) & 255}.${i & 255}.${n * 64}/26`),
    },
  }));
  return ZCampaignTemplate.parse({
    id,
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    templateName: `Template ${id}`,
    templateSteps: ['target companies'],
    dailyBudget: 10,
    maxBid: 5,
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'Campaign',
    isVideoCampaign: false,
    foundCompanyInfo: { primarySegments: rows, uniqueSegments: rows, matches: companies, fromFile: true },
    createdAt: '2026-11-25T12:00:00.000Z',
    updatedAt: '2026-11-25T12:00:00.000Z',
  });
}

/** The item the repository wrote for `t` (its Put captured). */
async function storedItem(t: TCampaignTemplate): Promise<Record<string, unknown>> {
  ddbMock.on(PutCommand).resolves({});
  await campaignTemplateRepository.putNewCampaignTemplate(t);
  return ddbMock.commandCalls(PutCommand).at(-1)?.args[0].input.Item as Record<string, unknown>;
}

describe('campaignTemplateRepository', () => {
  it('stores a template under its owner, its company lists gzipped, and reads it back whole', async () => {
    // Prepare
    const t = template('tpl-1', 3000);
    // Act
    const item = await storedItem(t);
    ddbMock.reset();
    ddbMock.on(QueryCommand).resolves({ Items: [item] });
    const page = await campaignTemplateRepository.listCampaignTemplates('bgAgency-demo', 'demo', {
      limit: 100,
      cursor: null,
    });
    // Assess
    expect(item).toMatchObject({ pk: 'AGENCY#bgAgency-demo#USER#demo', sk: 'TPL#tpl-1', entity: 'campaignTemplate' });
    expect(item['foundCompanyInfo']).toBeUndefined();
    const bulk = item['bulk'] as Uint8Array;
    expect(bulk.byteLength).toBeLessThan(MAX_TEMPLATE_ITEM_BYTES);
    expect(JSON.parse(gunzipSync(bulk).toString('utf8')).foundCompanyInfo.matches).toBe(3000);
    expect(page.items).toEqual([t]);
    expect(page.nextCursor).toBeNull();
  });

  it('refuses a template still too large once zipped, without writing, and an id taken', async () => {
    ddbMock.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'taken', $metadata: {} }));
    await expect(campaignTemplateRepository.putNewCampaignTemplate(template('huge', 20_000))).resolves.toBe(
      'too-large',
    );
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
    await expect(campaignTemplateRepository.putNewCampaignTemplate(template('taken', 1))).resolves.toBe('exists');
  });

  it('ends a page of large templates before the reply outgrows a Lambda reply, its cursor after the last kept', async () => {
    // Prepare: three templates of about 1.2 MB each as JSON.
    const items = [];
    for (const id of ['a', 'b', 'c']) items.push(await storedItem(template(id, 3000)));
    ddbMock.reset();
    ddbMock.on(QueryCommand).resolves({ Items: items });
    // Act
    const page = await campaignTemplateRepository.listCampaignTemplates('bgAgency-demo', 'demo', {
      limit: 100,
      cursor: null,
    });
    // Assess
    expect(page.items.map((t) => t.id)).toEqual(['a', 'b']);
    expect(JSON.stringify(page.items).length).toBeLessThanOrEqual(MAX_TEMPLATE_PAGE_BYTES);
    const scope = { list: 'campaignTemplates', partitions: ['AGENCY#bgAgency-demo#USER#demo'], skPrefix: 'TPL#' };
    expect(decodeCursor(scope, page.nextCursor)).toEqual({ pk: 'AGENCY#bgAgency-demo#USER#demo', sk: 'TPL#b' });
  });

  it("replaces the owner's template only at the version read, and says 'changed' when it is not", async () => {
    // Prepare
    const t = { ...template('tpl-1', 1), updatedAt: '2026-11-26T09:30:00.000Z' };
    ddbMock
      .on(PutCommand)
      .resolvesOnce({})
      .rejects(new ConditionalCheckFailedException({ message: 'x', $metadata: {} }));
    // Act
    const first = await campaignTemplateRepository.replaceCampaignTemplate(t, '2026-11-25T12:00:00.000Z');
    const second = await campaignTemplateRepository.replaceCampaignTemplate(t, '2026-11-25T12:00:00.000Z');
    // Assess
    expect([first, second]).toEqual(['ok', 'changed']);
    expect(ddbMock.commandCalls(PutCommand)[0]?.args[0].input).toMatchObject({
      Item: { pk: 'AGENCY#bgAgency-demo#USER#demo', sk: 'TPL#tpl-1', updatedAt: '2026-11-26T09:30:00.000Z' },
      ConditionExpression: 'attribute_exists(pk) AND updatedAt = :expected',
      ExpressionAttributeValues: { ':expected': '2026-11-25T12:00:00.000Z' },
    });
  });

  it('refuses a replacement too large without writing', async () => {
    await expect(
      campaignTemplateRepository.replaceCampaignTemplate(template('huge', 20_000), '2026-11-25T12:00:00.000Z'),
    ).resolves.toBe('too-large');
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });

  it("deletes the owner's template only when it is there", async () => {
    ddbMock
      .on(DeleteCommand)
      .resolvesOnce({})
      .rejects(new ConditionalCheckFailedException({ message: 'x', $metadata: {} }));
    const first = await campaignTemplateRepository.deleteCampaignTemplate('bgAgency-demo', 'demo', 'tpl-1');
    const second = await campaignTemplateRepository.deleteCampaignTemplate('bgAgency-demo', 'demo', 'tpl-1');
    expect([first, second]).toEqual([true, false]);
    expect(ddbMock.commandCalls(DeleteCommand)[0]?.args[0].input).toMatchObject({
      Key: { pk: 'AGENCY#bgAgency-demo#USER#demo', sk: 'TPL#tpl-1' },
      ConditionExpression: 'attribute_exists(pk)',
    });
  });
});
