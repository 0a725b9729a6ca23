import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../../kernel/errors';
import type { SignUpTicketStore } from '../ports/sign-up-tickets.port';
import {
  SIGN_UP_NEEDS_TICKET,
  SIGN_UP_TICKET_REFUSED,
  hashSignUpTicket,
  issueSignUpTicket,
  redeemSignUpTicket,
} from './sign-up-tickets.use-case';
import { NOT_ALLOWED_TO_CREATE_AGENCIES } from './create-agency.use-case';
import { memoryTicketStore } from '../test-fakes';

const at = (iso: string) => () => new Date(iso);
const deps = (tickets: SignUpTicketStore, now = '2026-11-25T10:00:00.000Z') => ({
  tickets,
  internalUsers: ['ops-admin'],
  now: at(now),
});

describe('issueSignUpTicket', () => {
  it('gives an allow-listed user a random ticket bound to the user name and e-mail, storing only its hash', async () => {
    // Prepare
    const tickets = memoryTicketStore();

    // Act
    const first = await issueSignUpTicket(
      { caller: { username: 'Ops-Admin' }, userName: 'newowner', email: 'Owner@Northwind.test' },
      deps(tickets),
    );
    const second = await issueSignUpTicket(
      { caller: { username: 'ops-admin' }, userName: 'newowner', email: 'owner@northwind.test' },
      deps(tickets),
    );

    // Assess
    expect(first.signUpTicket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.signUpTicket).not.toBe(first.signUpTicket);
    expect(first.expiresAt).toBe('2026-11-25T10:10:00.000Z');
    const stored = tickets.records.get(hashSignUpTicket(first.signUpTicket));
    expect(stored).toEqual({
      ticketHash: hashSignUpTicket(first.signUpTicket),
      username: 'newowner',
      email: 'owner@northwind.test',
      issuedBy: 'ops-admin',
      issuedAt: '2026-11-25T10:00:00.000Z',
      signUpBy: '2026-11-25T10:10:00.000Z',
      status: 'issued',
    });
    expect(JSON.stringify([...tickets.records.values()])).not.toContain(first.signUpTicket);
  });

  it('refuses anyone outside the allow-list and stores nothing', async () => {
    // Prepare
    const tickets = memoryTicketStore();

    // Act
    const act = issueSignUpTicket(
      { caller: { username: 'demo' }, userName: 'x', email: 'x@example.com' },
      deps(tickets),
    );

    // Assess
    await expect(act).rejects.toBeInstanceOf(ForbiddenError);
    await expect(act).rejects.toMatchObject({ status: 403, userMessage: NOT_ALLOWED_TO_CREATE_AGENCIES });
    expect(tickets.records.size).toBe(0);
  });
});

describe('redeemSignUpTicket', () => {
  async function issued(tickets: SignUpTicketStore): Promise<string> {
    const grant = await issueSignUpTicket(
      { caller: { username: 'ops-admin' }, userName: 'newowner', email: 'owner@northwind.test' },
      deps(tickets),
    );
    return grant.signUpTicket;
  }
  const signUp = (ticket: string | undefined, overrides: Record<string, unknown> = {}) => ({
    source: 'PreSignUp_SignUp',
    username: 'NewOwner',
    email: 'owner@northwind.TEST',
    ticket,
    ...overrides,
  });

  it('lets the sign-up of the ticket through once, marking the ticket used', async () => {
    // Prepare
    const tickets = memoryTicketStore();
    const ticket = await issued(tickets);

    // Act
    await redeemSignUpTicket(signUp(ticket), { tickets, now: at('2026-11-25T10:05:00.000Z') });
    const again = redeemSignUpTicket(signUp(ticket), { tickets, now: at('2026-11-25T10:06:00.000Z') });

    // Assess
    await expect(again).rejects.toThrow(SIGN_UP_TICKET_REFUSED);
    expect(tickets.records.get(hashSignUpTicket(ticket))).toMatchObject({
      status: 'signed-up',
      signedUpAt: '2026-11-25T10:05:00.000Z',
    });
  });

  it('refuses a sign-up without a ticket', async () => {
    // Act
    const act = redeemSignUpTicket(signUp(undefined), {
      tickets: memoryTicketStore(),
      now: at('2026-11-25T10:00:00Z'),
    });

    // Assess
    await expect(act).rejects.toThrow(SIGN_UP_NEEDS_TICKET);
  });

  it.each([
    ['another user name', { username: 'someone-else' }],
    ['another e-mail', { email: 'attacker@example.com' }],
    ['a forged ticket', { ticket: 'A'.repeat(43) }],
    ['a malformed ticket', { ticket: 'not a ticket' }],
  ])('refuses %s', async (_case, overrides) => {
    // Prepare
    const tickets = memoryTicketStore();
    const ticket = await issued(tickets);

    // Act
    const act = redeemSignUpTicket(signUp(ticket, overrides), { tickets, now: at('2026-11-25T10:01:00Z') });

    // Assess
    await expect(act).rejects.toThrow(SIGN_UP_TICKET_REFUSED);
    expect(tickets.records.get(hashSignUpTicket(ticket))?.status).toBe('issued');
  });

  it('refuses an expired ticket', async () => {
    // Prepare
    const tickets = memoryTicketStore();
    const ticket = await issued(tickets);

    // Act
    const act = redeemSignUpTicket(signUp(ticket), { tickets, now: at('2026-11-25T10:10:00.000Z') });

    // Assess
    await expect(act).rejects.toThrow(SIGN_UP_TICKET_REFUSED);
  });

  it('lets administrators create users (AdminCreateUser needs IAM rights) and refuses federated sign-ups', async () => {
    // Prepare
    const tickets = memoryTicketStore();

    // Act
    const admin = redeemSignUpTicket(signUp(undefined, { source: 'PreSignUp_AdminCreateUser' }), {
      tickets,
      now: at('2026-11-25T10:00:00Z'),
    });
    const external = redeemSignUpTicket(signUp(undefined, { source: 'PreSignUp_ExternalProvider' }), {
      tickets,
      now: at('2026-11-25T10:00:00Z'),
    });

    // Assess
    await expect(admin).resolves.toBeUndefined();
    await expect(external).rejects.toThrow(SIGN_UP_NEEDS_TICKET);
  });
});
