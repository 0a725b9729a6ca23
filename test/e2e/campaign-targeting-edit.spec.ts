import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { campaign as campaignOps } from '@bidgrid/shared';
import { addIsoDays, todayIso } from '@bidgrid/shared/common/iso-date';
import { accessTokenFor, callOperation } from '../support/api';
import { adGroupWithBanner, bidderAdvertiserId } from '../support/wizard-campaign';
import { expect, expectAccessible, signIn, test } from './fixtures';

/**
 * Targeting that stays editable after launch (issue 12, ours): from a campaign's dashboard a person
 * changes its states and ZIPs, adds a company and removes one; the targeting panel, the line items and
 * the activity log show it. The campaign is made through the API for this test (as the wizard makes it),
 * so the seeded demo world other specs read stays as it was.
 */

const ACME = 'bgAdvertiser-demo-acme';
const ENDED = 'Holiday Push - Last Year';

/** A new Acme campaign of Ironbridge and Redwood in Texas; its id and name. */
async function launchedCampaign(): Promise<{ id: string; name: string }> {
  const token = await accessTokenFor('demo');
  const id = `bg-campaign-e2e-edit-${randomUUID()}` as const;
  const name = `Editable ${id.slice(-6)}`;
  const { creativeId } = await adGroupWithBanner(token, id, ACME);
  const matched = await callOperation(campaignOps.matchCsvCompanies, {
    token,
    body: { csvCompanies: ['ironbridgemanufacturing.com', 'redwoodclinicallabs.com'] },
  });
  const today = todayIso(now(), 'UTC');
  const reply = await callOperation(campaignOps.createCampaign, {
    token,
    body: {
      bgCampaignId: id,
      beeswaxCampaign: {
        active: false,
        advertiser_id: await bidderAdvertiserId(token, ACME),
        budget_type: 2,
        campaign_budget: 3000,
        dailyBudget: 100,
        campaign_name: name,
        start_date: addIsoDays(today, 1),
        end_date: addIsoDays(today, 31),
      },
      max_bid: 12,
      bgAdvertiserId: ACME,
      creativeIds: [creativeId],
      description: '',
      name,
      targetingInfo: { geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }] },
      foundCompanyInfo: { companies: matched.body.payload?.uniqueSegments ?? [], fromFile: true },
      isVideoCampaign: false,
      campaignType: 'managed',
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return { id, name };
}

async function openDashboard(page: Page, campaignId: string): Promise<void> {
  await page.goto(`/advertisers/${ACME}?campaignId=${campaignId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Campaigns Dashboard' })).toBeVisible();
}

test.describe('targeting changes after launch', () => {
  test('changes states and ZIPs, adds and removes a company; the panel, line items and activity log show it', async ({
    page,
  }) => {
    const campaign = await launchedCampaign();
    await signIn(page, 'demo');
    await openDashboard(page, campaign.id);
    const panel = page.getByRole('table', { name: 'Campaign Targeting Selections' });
    await expect(panel).toContainText('Texas');
    await expect(page.getByRole('table', { name: 'Targeting Activity' })).toHaveCount(0);
    await expect(page.getByText('No targeting changes yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Targeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Targeting' });
    await expect(dialog.getByRole('checkbox', { name: 'Texas' })).toBeChecked();
    await expectAccessible(page);

    await dialog.getByText('Texas', { exact: true }).click();
    await dialog.getByText('Ontario', { exact: true }).click();
    await dialog.getByLabel('ZIP codes').fill('10001, 10002, 10001');
    await dialog.getByLabel('Add companies').fill('sapphiretelecom.com\nnosuchcompany-zz.com');
    await dialog.getByLabel('Find a company').fill('redwood');
    await expect(dialog.getByRole('checkbox', { name: /^Remove / })).toHaveCount(1);
    await dialog.getByText('Remove Redwood Clinical Labs (redwoodclinicallabs.com)').click();
    await dialog.getByRole('button', { name: 'Save targeting' }).click();

    await expect(dialog.getByRole('status').filter({ hasText: 'Targeting saved' })).toContainText(
      'Targeting saved: 1 company added, 1 company removed, 1 line item updated.',
    );
    await expect(dialog.getByRole('list', { name: 'Companies not added' })).toContainText('nosuchcompany-zz.com');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toHaveCount(0);

    await expect(panel).toContainText('Canada');
    await expect(panel).toContainText('Ontario');
    await expect(panel).not.toContainText('Texas');
    await expect(panel).toContainText('10001, 10002');
    const lineItems = page.getByRole('table', { name: 'Line items' });
    await expect(lineItems).toContainText('Sapphire Telecom');
    await expect(lineItems).not.toContainText('Redwood Clinical Labs');
    const activity = page.getByRole('table', { name: 'Targeting Activity' });
    await expect(activity.locator('tbody tr')).toHaveCount(1);
    await expect(activity).toContainText('demo');
    await expect(activity).toContainText('Added companies: Sapphire Telecom (sapphiretelecom.com)');
    await expect(activity).toContainText('Removed companies: Redwood Clinical Labs (redwoodclinicallabs.com)');
    await expect(activity).toContainText('Geo states: added Ontario (CAN); removed Texas (USA)');
    await expect(activity).toContainText('Zip codes: added 10001, 10002');
    await expectAccessible(page);
  });

  test('a campaign that ended 175 or more days ago is read-only', async ({ page }) => {
    const list = await callOperation(campaignOps.listCampaignsByAdvertiser, {
      token: await accessTokenFor('demo'),
      params: { advertiserId: ACME },
      query: { timeFrame: 'ALL_TIME' },
    });
    const ended = (list.body.payload ?? []).find((c) => c.name === ENDED);
    if (!ended) throw new Error(`The seed has no campaign ${ENDED}`);
    await signIn(page, 'demo');
    await openDashboard(page, ended.bgCampaignId);

    await page.getByRole('button', { name: 'Edit Targeting' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Targeting' });
    await expect(dialog).toContainText('its targeting can no longer be changed');
    await expect(dialog.getByRole('button', { name: 'Save targeting' })).toBeDisabled();
    await expectAccessible(page);
  });
});
