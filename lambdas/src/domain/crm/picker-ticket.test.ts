import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PICKER_TICKET_TTL_SECONDS } from '@bidgrid/shared/crm/crm.schema';
import { issuePickerTicket, pickerTicketProblem } from './picker-ticket';

const key = randomBytes(32);
const issuedAt = new Date('2026-11-26T18:00:00.000Z');
const company = { portalId: 4410001, domain: 'hooli.example', companyName: 'Hooli' };
const request = { portalId: '4410001', domain: 'hooli.example', companyName: 'Hooli' };
const later = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);

describe('picker tickets', () => {
  it('accepts its own ticket for the portal and company it was issued for, until it expires', () => {
    // Prepare
    const { ticket, expiresAt } = issuePickerTicket(company, key, issuedAt);

    // Act
    const onAdd = pickerTicketProblem(ticket, request, key, later(60));
    const onList = pickerTicketProblem(
      ticket,
      { portalId: '4410001', domain: undefined, companyName: undefined },
      key,
      later(60),
    );

    // Assess
    expect(onAdd).toBeNull();
    expect(onList).toBeNull();
    expect(expiresAt.toISOString()).toBe('2026-11-26T18:15:00.000Z');
  });

  it('refuses an expired ticket', () => {
    // Prepare
    const { ticket } = issuePickerTicket(company, key, issuedAt);

    // Act
    const problem = pickerTicketProblem(ticket, request, key, later(PICKER_TICKET_TTL_SECONDS));

    // Assess
    expect(problem).toBe('expired');
  });

  it('refuses a tampered ticket, one signed with another key and mangled ones', () => {
    // Prepare
    const { ticket } = issuePickerTicket(company, key, issuedAt);
    const [purpose, , signature] = ticket.split('.');
    const otherPortal = Buffer.from(JSON.stringify({ p: 4410002, d: 'hooli.example', c: 'Hooli', exp: 1_900_000_000 }));
    const forged = `${purpose}.${otherPortal.toString('base64url')}.${signature}`;

    // Act + Assess
    expect(pickerTicketProblem(forged, { ...request, portalId: '4410002' }, key, later(1))).toBe('forged');
    expect(pickerTicketProblem(ticket, request, randomBytes(32), later(1))).toBe('forged');
    expect(pickerTicketProblem(`${ticket}x`, request, key, later(1))).toBe('forged');
    expect(pickerTicketProblem('not-a-ticket', request, key, later(1))).toBe('malformed');
    expect(pickerTicketProblem(`${ticket}.extra`, request, key, later(1))).toBe('malformed');
  });

  it('refuses a ticket sent for another portal', () => {
    // Prepare
    const { ticket } = issuePickerTicket(company, key, issuedAt);

    // Act
    const problem = pickerTicketProblem(ticket, { ...request, portalId: '4410002' }, key, later(1));

    // Assess
    expect(problem).toBe('other-portal');
    expect(pickerTicketProblem(ticket, { ...request, portalId: undefined }, key, later(1))).toBe('other-portal');
  });

  it('refuses a ticket sent for another domain or company name', () => {
    // Prepare
    const { ticket } = issuePickerTicket(company, key, issuedAt);

    // Act
    const otherDomain = pickerTicketProblem(ticket, { ...request, domain: 'initech.example' }, key, later(1));
    const otherName = pickerTicketProblem(ticket, { ...request, companyName: 'Initech' }, key, later(1));

    // Assess
    expect(otherDomain).toBe('other-company');
    expect(otherName).toBe('other-company');
  });
});
