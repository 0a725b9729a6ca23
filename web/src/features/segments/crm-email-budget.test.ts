import { describe, expect, it } from 'vitest';
import { campaignEmailsGate, tooManyCampaignEmailsText } from './crm-email-budget';

const info = (count: number) => ({
  emailsToHash: [
    { domain: 'general', emails: Array.from({ length: count }, (_, i) => `first.last${i}@companydomain.com`) },
  ],
  fromFile: true,
});

describe('campaignEmailsGate', () => {
  it('lets e-mails through that fit a creation frame beside the rest of the payload', () => {
    expect(campaignEmailsGate(info(500))).toBeNull();
    expect(campaignEmailsGate(null)).toBeNull();
  });

  it('says so at the step when they do not (the creation would fail at the Summary)', () => {
    expect(campaignEmailsGate(info(1200))).toBe(tooManyCampaignEmailsText(1200));
  });
});
