import { describe, expect, it } from 'vitest';
import { ZCampaign } from '../campaigns/campaign.schema';
import type { TCampaign } from '../campaigns/campaign.schema';
import type { TCampaignCreate } from '../campaigns/campaign-create.schema';
import { campaignCreateParts, groupEmails } from './campaign-create-parts';
import { fitsFrameOf, matchedCompany } from './test-parts';

const fitsFrame = fitsFrameOf('createCampaign', 9_999);

function request(companies: number): TCampaignCreate {
  return {
    bgCampaignId: 'bg-campaign-1',
    beeswaxCampaign: {
      active: false,
      advertiser_id: 7,
      budget_type: 2,
      campaign_budget: 3000,
      dailyBudget: 100,
      campaign_name: 'Q4',
      start_date: '2026-12-01',
      end_date: '2026-12-31',
    },
    max_bid: 10,
    bgAdvertiserId: 'bgAdvertiser-1',
    creativeIds: ['bgCreative-1'],
    description: '',
    name: 'Q4',
    targetingInfo: {},
    foundCompanyInfo: {
      companies: Array.from({ length: companies }, (_, i) => matchedCompany(`company-${i}.example.com`)),
      fromFile: true,
    },
    isVideoCampaign: false,
    campaignType: 'managed',
  };
}

describe('campaignCreateParts', () => {
  it('sends a small campaign as it is', () => {
    const small = request(3);
    expect(campaignCreateParts.splitRequest?.(small, fitsFrame)).toEqual([small]);
  });

  it('cuts 1,000 companies into chunks that fit a frame, each with the rest of the payload whole', () => {
    // Prepare
    const big = request(1000);
    // Act
    const chunks = campaignCreateParts.splitRequest?.(big, fitsFrame) ?? [];
    // Assess
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(fitsFrame(chunk)).toBe(true);
      const { foundCompanyInfo, ...rest } = chunk;
      const { foundCompanyInfo: _all, ...whole } = big;
      expect(rest).toEqual(whole);
      expect(foundCompanyInfo?.fromFile).toBe(true);
    }
    expect(chunks.flatMap((c) => c.foundCompanyInfo?.companies ?? [])).toEqual(big.foundCompanyInfo?.companies);
  });

  it('merges the replies into the campaign the last chunk answered', () => {
    const campaign: TCampaign = ZCampaign.parse({
      bgCampaignId: 'bg-campaign-1',
      beeswaxCampaignId: 70,
      bgAdvertiserId: 'bgAdvertiser-1',
      agencyId: 'bgAgency-1',
      name: 'Q4',
      active: false,
      archived: false,
      start_date: '2026-12-01',
      end_date: '2026-12-31',
      daily_budget: 100,
      campaign_budget: 3000,
      maxBid: 10,
      showInHubspot: false,
      isVideoCampaign: false,
      createdBy: 'demo',
    });
    expect(campaignCreateParts.merge([null, null, campaign])).toBe(campaign);
  });
});

describe('campaignCreateParts with CRM e-mails', () => {
  it('cuts thousands of e-mails into chunks that fit, which join again into the same groups', () => {
    // Prepare: 12 companies and 3,000 e-mails in two domain groups and 'general'.
    const emails = (domain: string, n: number) => Array.from({ length: n }, (_, i) => `person${i}@${domain}`);
    const big: TCampaignCreate = {
      ...request(12),
      foundEmailsInfo: {
        emailsToHash: [
          { domain: 'acme.example', emails: emails('acme.example', 1500) },
          { domain: 'globex.example', emails: emails('globex.example', 1000) },
          { domain: 'general', emails: emails('other.example', 500) },
        ],
        fromFile: true,
      },
    };

    // Act
    const chunks = campaignCreateParts.splitRequest?.(big, fitsFrame) ?? [];

    // Assess: every chunk fits; companies and e-mails all arrive once, the groups rebuilt by domain.
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    for (const chunk of chunks) expect(fitsFrame(chunk)).toBe(true);
    expect(chunks.flatMap((c) => c.foundCompanyInfo?.companies ?? [])).toEqual(big.foundCompanyInfo?.companies);
    const pieces = chunks.flatMap((c) =>
      (c.foundEmailsInfo?.emailsToHash ?? []).flatMap((g) => g.emails.map((email) => ({ domain: g.domain, email }))),
    );
    expect(groupEmails(pieces)).toEqual(big.foundEmailsInfo?.emailsToHash);
    expect(chunks.every((c) => c.foundEmailsInfo?.fromFile === true)).toBe(true);
  });
});
