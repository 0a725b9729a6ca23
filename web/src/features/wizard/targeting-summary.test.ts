import { describe, expect, it } from 'vitest';
import { newCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { namesLine, targetingSummary } from './targeting-summary';

const draft = (fields: Partial<TCampaignDraft>): TCampaignDraft => ({ ...newCampaignDraft(), ...fields });

describe('targetingSummary', () => {
  it('says what each layer of the flow will reach, in the targeting panel’s words', () => {
    // Prepare
    const chosen = draft({
      geoTargetOptions: [
        { key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' },
        { key: 'US-OH', region_name: 'Ohio', country_code_2: 'US', country_code_3: 'USA' },
        { key: 'CA-ON', region_name: 'Ontario', country_code_2: 'CA', country_code_3: 'CAN' },
        { key: 'CA-QC', region_name: 'Quebec', country_code_2: 'CA', country_code_3: 'CAN' },
      ],
      selectedGeoTargetOptions: ['US-TX', 'CA-ON'],
      selectedZipCodes: ['62701', '78701'],
      roleTitleList: [
        { roleType: 'IT', roleTypeId: 'IT', roleSet: [{ role: 'CTO', roleId: 'IT-CTO', cookieSets: [] }] },
      ],
      campaignCookieSets: { 'IT:IT-CTO': [{ segment_key: 'seg-cto' }], 'IT:IT_ALL': [{ segment_key: 'x' }] },
      selectedSegmentIds: ['a', 'b'],
      foundEmailsInfo: {
        emailsToHash: [
          { domain: 'acme.example', emails: ['a@acme.example', 'b@acme.example'] },
          { domain: 'general', emails: ['c@other.example'] },
        ],
        fromFile: true,
      },
    });

    // Act
    const rows = targetingSummary(chosen, [
      'select advertiser',
      'role titles',
      'zip codes',
      'state provinces',
      'visitors retargeting segments',
      'CRM retargeting segments',
    ]);

    // Assess
    expect(rows).toEqual([
      ['Role/Title', 'CTO'],
      ['Zip Codes', '62701, 78701'],
      ['State/Province', 'United States: Texas; Canada: Ontario'],
      ['Visitors Re-targeting Segments', '2 segments'],
      ['CRM Re-targeting Segments', '3 e-mail addresses in 2 groups'],
    ]);
  });

  it('says a country chosen whole in one line', () => {
    // Prepare: both US regions of the step, one of Canada's two.
    const chosen = draft({
      geoTargetOptions: [
        { key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' },
        { key: 'US-OH', region_name: 'Ohio', country_code_2: 'US', country_code_3: 'USA' },
        { key: 'CA-ON', region_name: 'Ontario', country_code_2: 'CA', country_code_3: 'CAN' },
        { key: 'CA-QC', region_name: 'Quebec', country_code_2: 'CA', country_code_3: 'CAN' },
      ],
      selectedGeoTargetOptions: ['USA_ALL', 'US-TX', 'US-OH', 'CA-QC'],
    });

    // Act
    const rows = targetingSummary(chosen, ['state provinces']);

    // Assess
    expect(rows).toEqual([['State/Province', 'United States: all 2; Canada: Quebec']]);
  });

  it('lists nothing for layers the flow has no step for, and "-" for a layer left empty', () => {
    expect(targetingSummary(draft({ selectedZipCodes: ['62701'] }), ['summary page'])).toEqual([]);
    expect(targetingSummary(draft({}), ['zip codes'])).toEqual([['Zip Codes', '-']]);
  });

  it('shows the first eight names, then how many more', () => {
    const names = Array.from({ length: 11 }, (_, i) => `n${i}`);
    expect(namesLine(names)).toBe('n0, n1, n2, n3, n4, n5, n6, n7 and 3 more');
    expect(namesLine(['a', 'a'])).toBe('a');
  });
});
