import { describe, expect, it } from 'vitest';
import { crmCard as crmCardOps } from '@bidgrid/shared';
import {
  campaignsUrl,
  pickerTicketBody,
  pickerTicketsUrl,
  readCampaignsReply,
  readPickerTicketReply,
} from '../../hubspot/src/app/cards/card-logic';
import { callAsCard, DEMO_PORTAL } from '../support/hubspot-card';
import { stackInfo } from '../support/stack';

const { listCrmCardCampaigns } = crmCardOps;

/** The first company of the demo portal in the CRM simulator (ids are portal-scoped, from 11000000). */
const FIRST_COMPANY = '11000000';

/** Drives a control route of the CRM simulator. */
async function simulator(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${stackInfo().simulators.hubspot}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the CRM simulator plays the app card against the local API', () => {
  it("lists the portal's sales-enabled campaigns through a signed hubspot.fetch", async () => {
    // Act
    const reply = await simulator('/__card/fetch', {
      portalId: DEMO_PORTAL,
      method: 'GET',
      url: `${stackInfo().apiUrl}/public/crmcard/campaigns`,
    });

    // Assess: the server verified the v3 signature and the appended portal, user and app
    expect(reply.status).toBe(200);
    expect(reply.body['status']).toBe(200);
    const campaigns = (reply.body['body'] as { payload: { campaigns: Array<{ bgCampaignId: string }> } }).payload
      .campaigns;
    expect(campaigns.map((c) => c.bgCampaignId)).toContain('bg-campaign-demo-bluepeak-abm');
    expect(campaigns.map((c) => c.bgCampaignId)).not.toContain('bg-campaign-demo-enterprise');
  });

  it('opens the card on a company record and gets a picker URL whose ticket the server accepts', async () => {
    // Act
    const opened = await simulator('/__card/open', { portalId: DEMO_PORTAL, companyId: FIRST_COMPANY });

    // Assess: the card listed campaigns and got a picker URL for this company
    expect(opened.status).toBe(200);
    const company = opened.body['company'] as { name: string; domain: string };
    expect((opened.body['campaigns'] as Array<{ bgCampaignId: string }>).map((c) => c.bgCampaignId)).toContain(
      'bg-campaign-demo-bluepeak-abm',
    );
    const pickerUrl = new URL(opened.body['pickerUrl'] as string);
    expect(pickerUrl.pathname).toBe('/public-campaigns-picker');
    expect(Object.fromEntries(pickerUrl.searchParams)).toMatchObject({
      portalId: String(DEMO_PORTAL),
      domain: company.domain,
      companyName: company.name,
      ticket: opened.body['ticket'],
    });

    // Act: the picker page lists the campaigns with the ticket alone (no HubSpot signature)
    const ticket = pickerUrl.searchParams.get('ticket') as string;
    const withTicket = await callAsCard(listCrmCardCampaigns, { query: { portalId: DEMO_PORTAL }, ticket });
    const tampered = await callAsCard(listCrmCardCampaigns, {
      query: { portalId: DEMO_PORTAL },
      ticket: `${ticket.slice(0, -2)}${ticket.endsWith('aa') ? 'bb' : 'aa'}`,
    });
    const otherPortal = await callAsCard(listCrmCardCampaigns, { query: { portalId: 4410002 }, ticket });

    // Assess
    expect(withTicket.status).toBe(200);
    expect((withTicket.body.payload as { campaigns: Array<{ bgCampaignId: string }> }).campaigns).toEqual(
      opened.body['campaigns'],
    );
    expect([tampered.status, otherPortal.status]).toEqual([401, 401]);
  });

  it("reads the server's replies as the HubSpot card does (its URLs, body and reply readers)", async () => {
    // Prepare: the record's properties as fetchCrmObjectProperties gives them
    const body = pickerTicketBody({ domain: 'https://www.bluepeaklogistics.com/', name: 'Bluepeak Logistics' });
    if (!body.ok) throw new Error(body.message);

    // Act: the card's two calls, sent by the simulator as hubspot.fetch
    const campaigns = await simulator('/__card/fetch', {
      portalId: DEMO_PORTAL,
      method: 'GET',
      url: campaignsUrl(`${stackInfo().apiUrl}/`),
    });
    const ticket = await simulator('/__card/fetch', {
      portalId: DEMO_PORTAL,
      method: 'POST',
      url: pickerTicketsUrl(stackInfo().apiUrl),
      body: body.value,
    });

    // Assess: the card understands both replies and would open the picker for this company
    const listed = readCampaignsReply(campaigns.body['status'] as number, campaigns.body['body']);
    expect(listed.ok && listed.value.map((c) => c.bgCampaignId)).toContain('bg-campaign-demo-bluepeak-abm');
    const read = readPickerTicketReply(ticket.body['status'] as number, ticket.body['body']);
    expect(read.ok).toBe(true);
    const pickerUrl = new URL(read.ok ? read.value.pickerUrl : 'http://invalid/');
    expect(pickerUrl.searchParams.get('domain')).toBe('bluepeaklogistics.com');
    expect(pickerUrl.searchParams.get('companyName')).toBe('Bluepeak Logistics');
  });
});
