import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CRM_CARD_MESSAGES } from './crm-card-portal';
import { createPickerTicket } from './create-picker-ticket.use-case';
import { pickerTicketProblem } from './picker-ticket';

const key = randomBytes(32);
const NOW = new Date('2026-11-26T18:00:00.000Z');
const deps = {
  portals: {
    listPortalAdvertisers: async (portalId: number) =>
      portalId === 4410001 ? [{ agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-demo-bluepeak' }] : [],
  },
  ticketKey: async () => key,
  webAppUrl: 'https://app.bidgrid.example',
  now: () => NOW,
};

describe('createPickerTicket', () => {
  it("gives a connected portal a 15-minute ticket for the company and the picker's URL carrying it", async () => {
    // Act
    const issued = await createPickerTicket(
      { portalId: 4410001, domain: 'hooli.example', companyName: 'Hooli & Co' },
      deps,
    );

    // Assess
    const url = new URL(issued.pickerUrl);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.bidgrid.example/public-campaigns-picker');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      portalId: '4410001',
      domain: 'hooli.example',
      companyName: 'Hooli & Co',
      ticket: issued.ticket,
    });
    expect(issued.expiresAt).toBe('2026-11-26T18:15:00.000Z');
    const request = { portalId: '4410001', domain: 'hooli.example', companyName: 'Hooli & Co' };
    expect(pickerTicketProblem(issued.ticket, request, key, NOW)).toBeNull();
  });

  it('answers 404 with a message to a portal connected to no advertiser', async () => {
    // Act
    const act = createPickerTicket({ portalId: 4410002, domain: 'hooli.example', companyName: 'Hooli' }, deps);

    // Assess
    await expect(act).rejects.toMatchObject({ status: 404, userMessage: CRM_CARD_MESSAGES.portalNotConnected });
  });
});
