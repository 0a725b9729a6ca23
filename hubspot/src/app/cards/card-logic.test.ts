import { describe, expect, it } from 'vitest';
import {
  campaignLabel,
  campaignsUrl,
  normaliseDomain,
  pickerModal,
  pickerTicketBody,
  pickerTicketsUrl,
  readCampaignsReply,
  readPickerTicketReply,
} from './card-logic';

const ok = (payload: unknown) => ({ success: true, payload, error: null });

describe('card URLs', () => {
  it('builds the public CRM card URLs on the configured API, with or without a trailing slash', () => {
    expect(campaignsUrl('https://api.example.com/dev/')).toBe('https://api.example.com/dev/public/crmcard/campaigns');
    expect(pickerTicketsUrl('https://api.example.com/dev')).toBe(
      'https://api.example.com/dev/public/crmcard/picker-tickets',
    );
  });
});

describe('pickerTicketBody', () => {
  it('sends the record domain as a bare host and the trimmed name', () => {
    // Act
    const body = pickerTicketBody({ domain: ' https://WWW.Acme.com/about?x=1 ', name: '  Acme Inc ' });

    // Assess
    expect(body).toEqual({ ok: true, value: { domain: 'acme.com', companyName: 'Acme Inc' } });
  });

  it('explains why a company without a domain or name cannot be added', () => {
    expect(pickerTicketBody({ domain: null, name: 'Acme' })).toMatchObject({ ok: false, message: /domain/ });
    expect(pickerTicketBody({ domain: 'localhost', name: 'Acme' })).toMatchObject({ ok: false, message: /domain/ });
    expect(pickerTicketBody({ domain: 'acme.com', name: ' ' })).toMatchObject({ ok: false, message: /name/ });
  });

  it('normalises the forms people paste into the domain property', () => {
    expect(
      ['acme.com', 'www.acme.com', 'http://acme.com:8080/', 'acme.com.', 'ACME.COM#top'].map(normaliseDomain),
    ).toEqual(Array(5).fill('acme.com'));
  });
});

describe('readCampaignsReply', () => {
  it('lists active campaigns first, then by name', () => {
    // Prepare
    const body = ok({
      campaigns: [
        { bgCampaignId: 'bg-campaign-3', name: 'Zeta', active: true },
        { bgCampaignId: 'bg-campaign-1', name: 'Alpha', active: false },
        { bgCampaignId: 'bg-campaign-2', name: 'Beta', active: true },
      ],
    });

    // Act
    const read = readCampaignsReply(200, body);

    // Assess
    expect(read).toEqual({
      ok: true,
      value: [
        { bgCampaignId: 'bg-campaign-2', name: 'Beta', active: true },
        { bgCampaignId: 'bg-campaign-3', name: 'Zeta', active: true },
        { bgCampaignId: 'bg-campaign-1', name: 'Alpha', active: false },
      ],
    });
  });

  it('refuses a reply that breaks the contract', () => {
    expect(readCampaignsReply(200, ok({ campaigns: [{ bgCampaignId: 'x', name: 'A', active: true }] }))).toMatchObject({
      ok: false,
    });
    expect(readCampaignsReply(200, { success: false, payload: null, error: 'x' })).toMatchObject({ ok: false });
    expect(readCampaignsReply(200, 'not json')).toMatchObject({ ok: false });
  });

  it('says what went wrong by status, with BidGrid’s own message where it is meant for people', () => {
    expect(readCampaignsReply(401, { success: false, payload: null, error: 'Unauthorized' })).toMatchObject({
      message: /did not accept/,
    });
    expect(readCampaignsReply(404, null)).toMatchObject({ message: /not connected/ });
    expect(readCampaignsReply(404, { success: false, payload: null, error: 'No advertiser for portal' })).toMatchObject(
      {
        message: 'No advertiser for portal',
      },
    );
    expect(readCampaignsReply(429, null)).toMatchObject({ message: /Too many/ });
    expect(readCampaignsReply(502, null)).toMatchObject({ message: /status 502/ });
  });
});

describe('readPickerTicketReply', () => {
  const ticket = { ticket: 'tk_abc', expiresAt: '2026-11-26T19:00:00.000Z' };

  it('accepts an https picker URL that carries the ticket, and http on loopback', () => {
    const https = `https://app.example.com/public-campaigns-picker?ticket=tk_abc`;
    const local = `http://127.0.0.1:5173/public-campaigns-picker?ticket=tk_abc`;
    expect(readPickerTicketReply(200, ok({ ...ticket, pickerUrl: https }))).toEqual({
      ok: true,
      value: { ...ticket, pickerUrl: https },
    });
    expect(readPickerTicketReply(200, ok({ ...ticket, pickerUrl: local }))).toMatchObject({ ok: true });
  });

  it('opens nothing that is not an https URL carrying the ticket', () => {
    for (const pickerUrl of [
      'http://app.example.com/public-campaigns-picker?ticket=tk_abc',
      'javascript:alert(1)//tk_abc',
      'https://app.example.com/public-campaigns-picker',
      'not a url',
    ]) {
      expect(readPickerTicketReply(200, ok({ ...ticket, pickerUrl }))).toMatchObject({ ok: false });
    }
    expect(readPickerTicketReply(401, null)).toMatchObject({ ok: false, message: /did not accept/ });
  });
});

describe('card presentation', () => {
  it('opens the picker in a flush modal and marks inactive campaigns', () => {
    expect(pickerModal('https://app.example.com/p?ticket=t')).toMatchObject({
      uri: 'https://app.example.com/p?ticket=t',
      flush: true,
    });
    expect(campaignLabel({ bgCampaignId: 'bg-campaign-1', name: 'Q4', active: false })).toBe('Q4 (inactive)');
    expect(campaignLabel({ bgCampaignId: 'bg-campaign-1', name: 'Q4', active: true })).toBe('Q4');
  });
});
