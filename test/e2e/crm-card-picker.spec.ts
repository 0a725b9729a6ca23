import type { Page } from '@playwright/test';
import { createCrmCardPickerTicket } from '@bidgrid/shared/crm-card/crm-card.operations';
import { ADD_COMPANY_OUTCOME_MESSAGES, ZPickerTicket } from '@bidgrid/shared/crm/crm.schema';
import { callAsCard, CARD_USER, DEMO_PORTAL } from '../support/hubspot-card';
import { expect, expectAccessible, signIn, test } from './fixtures';

/**
 * The public campaign picker as the CRM card opens it: the card (here played by a signed request, as
 * HubSpot sends it) asks for a picker ticket for the company record it is on and opens the picker URL,
 * no login. The seed (cdk/local/seed/campaigns.seed.ts) gives portal 4410001 Bluepeak's running
 * 'Dynamic ABM - Freight Buyers' and Keystone's paused 'Paused ABM - Cold Chain Shippers'. The company
 * is one the company-match simulator knows and no other test adds.
 */
const COMPANY = { domain: 'arcadiasolarworks.com', companyName: 'Arcadia Solar Works' };
const BLUEPEAK = 'bgAdvertiser-demo-bluepeak';
const BLUEPEAK_ABM = { id: 'bg-campaign-demo-bluepeak-abm', name: 'Dynamic ABM - Freight Buyers' };
const KEYSTONE_PAUSED = { id: 'bg-campaign-demo-keystone-paused', name: 'Paused ABM - Cold Chain Shippers' };
const INACTIVE_NOTE = 'The selected campaign is inactive, please contact your account manager to reactivate it.';
const INACTIVE_QUESTION =
  'You are about to add this company to an inactive campaign. Are you sure you want to proceed?';

/** The picker URL the card would open for the company: path and query, on the web app under test. */
async function pickerPathFromCard(): Promise<string> {
  const issued = await callAsCard(createCrmCardPickerTicket, {
    query: { portalId: DEMO_PORTAL, ...CARD_USER },
    body: COMPANY,
  });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const url = new URL(ZPickerTicket.parse(issued.body.payload).pickerUrl);
  return `${url.pathname}${url.search}`;
}

const campaignSelect = (page: Page) => page.getByRole('combobox', { name: 'Select Campaign' });
const result = (page: Page) => page.getByRole('status').filter({ hasText: /./ });

test.describe('CRM card campaign picker', () => {
  test('adds the company to an inactive campaign after the question, then to a running one shown on its dashboard', async ({
    page,
  }) => {
    const path = await pickerPathFromCard();
    await page.goto(path);

    await expect(page.getByRole('heading', { level: 1, name: 'Add company to a campaign' })).toBeVisible();
    await expect(page.getByText(/^Company:/)).toHaveText(`Company: ${COMPANY.companyName} (${COMPANY.domain})`);
    const select = campaignSelect(page);
    await expect(select.locator('option', { hasText: BLUEPEAK_ABM.name })).toHaveCount(1);
    await expect(select.locator('option', { hasText: KEYSTONE_PAUSED.name })).toHaveText(
      `${KEYSTONE_PAUSED.name} (inactive)`,
    );
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();
    await expectAccessible(page);

    // The inactive campaign: the red note, then the question; Cancel adds nothing.
    await select.selectOption(KEYSTONE_PAUSED.id);
    await expect(page.getByText(INACTIVE_NOTE)).toBeVisible();
    await expect(submit).toBeEnabled();
    await submit.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(INACTIVE_QUESTION);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('');

    // Confirm adds it.
    await submit.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    // Adding creates the line item at the bidder: give it the time the bidder's work may take.
    await expect(result(page)).toHaveText(ADD_COMPANY_OUTCOME_MESSAGES['company-added'], { timeout: 30_000 });

    // A running campaign: no question.
    await select.selectOption(BLUEPEAK_ABM.id);
    await expect(page.getByText(INACTIVE_NOTE)).toHaveCount(0);
    await submit.click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(result(page)).toHaveText(
      'The campaign has been added to your customer-relationship account. You can now close this window.',
      { timeout: 30_000 },
    );
    await expectAccessible(page);

    // Again: nothing is added twice.
    await submit.click();
    await expect(result(page)).toHaveText(ADD_COMPANY_OUTCOME_MESSAGES['already-added']);

    // The agency sees the new line item on the campaign's dashboard.
    await signIn(page, 'demo');
    await page.goto(`/advertisers/${BLUEPEAK}?campaignId=${BLUEPEAK_ABM.id}`);
    await expect(page.getByRole('heading', { level: 3, name: BLUEPEAK_ABM.name, exact: true })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Line items' })).toContainText(COMPANY.companyName);
  });

  test('says what is missing from an incomplete link, and that a refused link must be reopened from the card', async ({
    page,
  }) => {
    await page.goto(`/public-campaigns-picker?portalId=${DEMO_PORTAL}&domain=${COMPANY.domain}`);
    await expect(page.getByRole('alert').filter({ hasText: 'incomplete' })).toContainText(
      'missing or not valid: companyName, ticket',
    );
    await expect(campaignSelect(page)).toHaveCount(0);
    await expectAccessible(page);

    const forged = new URLSearchParams({ portalId: String(DEMO_PORTAL), ...COMPANY, ticket: 'not-a-ticket' });
    await page.goto(`/public-campaigns-picker?${forged.toString()}`);
    // (The API client's toast says 'Unauthorized' beside it, as for any refused call.)
    await expect(page.getByRole('alert').filter({ hasText: 'This link has expired' })).toHaveText(
      'This link has expired or is not valid. Open the BidGrid card on the company record in your CRM again to get a new one.',
    );
    await expect(campaignSelect(page)).toHaveCount(0);
    await expectAccessible(page);
  });
});
