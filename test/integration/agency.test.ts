import { nowMs } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agency } from '@bidgrid/shared';
import { SIGN_UP_NEEDS_TICKET, SIGN_UP_TICKET_REFUSED } from '@bidgrid/lambdas/domain/agency/sign-up-tickets.use-case';
import { accessTokenFor, callOperation } from '../support/api';
import { confirmUser, deleteUser, signUpUser, storedConfirmationCode, uniqueUserName } from '../support/cognito-local';

const { getAgencyAssignedToUser, createAgency, getPlaybooks, issueSignUpTicket } = agency;

describe('GET /api/agency/agencyassignedtouser/{username}', () => {
  it("answers the caller's own agency", async () => {
    const reply = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('demo'),
      params: { username: 'demo' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({ agencyId: 'bgAgency-demo', name: 'Demo Agency' });
  });

  it("ignores another user's name in the path", async () => {
    const reply = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('rival'),
      params: { username: 'demo' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.agencyId).toBe('bgAgency-rival');
  });
});

/** A new account's user name, e-mail and password (unique per test). */
function account(prefix: string) {
  const username = uniqueUserName(prefix);
  return { username, email: `${username}@northwind.example`, password: 'Owner-pass-1' };
}

async function ticketFor(who: { username: string; email: string }, caller = 'ops-admin'): Promise<string> {
  const reply = await callOperation(issueSignUpTicket, {
    token: await accessTokenFor(caller),
    body: { userName: who.username, email: who.email },
  });
  expect(reply.status).toBe(200);
  return reply.body.payload?.signUpTicket ?? '';
}

const agencyBody = (who: { username: string; email: string }, signUpTicket: string) => ({
  agencyId: `bgAgency-${randomUUID()}`,
  name: `Agency of ${who.username}`,
  email: who.email,
  createdBy: who.username,
  users: [who.username],
  signUpTicket,
});

/** How Cognito (and cognito-local, which runs the same trigger) refuses a sign-up the trigger refused. */
const refusedBy = (message: string) =>
  expect.objectContaining({
    name: 'UserLambdaValidationException',
    message: `PreSignUp failed with error ${message}.`,
  });

describe('POST /api/agency/signupticket', () => {
  it('needs a token, and refuses a user outside the allow-list', async () => {
    const who = account('it-ticket');
    const anonymous = await callOperation(issueSignUpTicket, { body: { userName: who.username, email: who.email } });
    const demo = await callOperation(issueSignUpTicket, {
      token: await accessTokenFor('demo'),
      body: { userName: who.username, email: who.email },
    });
    expect(anonymous.status).toBe(401);
    expect(demo.status).toBe(403);
    expect(demo.body).toEqual({ success: false, payload: null, error: 'You are not allowed to create agencies.' });
  });

  it('gives an allow-listed user a ticket valid for ten minutes', async () => {
    const who = account('it-ticket');
    const reply = await callOperation(issueSignUpTicket, {
      token: await accessTokenFor('ops-admin'),
      body: { userName: who.username, email: who.email },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.signUpTicket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const minutes = (Date.parse(reply.body.payload?.expiresAt ?? '') - nowMs()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });
});

describe('sign-up through the user pool', () => {
  it('refuses a direct SignUp call without a ticket', async () => {
    const who = account('it-noticket');
    await expect(signUpUser(who)).rejects.toEqual(refusedBy(SIGN_UP_NEEDS_TICKET));
    expect(storedConfirmationCode(who.username)).toBeNull();
  });

  it('refuses a ticket used for another user name or e-mail, and a forged one', async () => {
    const who = account('it-bound');
    const ticket = await ticketFor(who);
    const other = account('it-other');
    await expect(signUpUser({ ...other, signUpTicket: ticket })).rejects.toEqual(refusedBy(SIGN_UP_TICKET_REFUSED));
    await expect(signUpUser({ ...who, email: other.email, signUpTicket: ticket })).rejects.toEqual(
      refusedBy(SIGN_UP_TICKET_REFUSED),
    );
    await expect(signUpUser({ ...who, signUpTicket: 'F'.repeat(43) })).rejects.toEqual(
      refusedBy(SIGN_UP_TICKET_REFUSED),
    );
    // The ticket is still good for its own user.
    await signUpUser({ ...who, signUpTicket: ticket });
  });

  it('takes user names as the pool does, whatever their case: SECPROBE-X signs up as secprobe-x, its ticket’s one user', async () => {
    // Prepare: a ticket for the lower-case name, as the sign-up page asks for it.
    const who = account('secprobe-x');
    const ticket = await ticketFor(who);

    // Act: the sign-up names the user in capitals.
    await signUpUser({ ...who, username: who.username.toUpperCase(), signUpTicket: ticket });

    // Assess: the pool holds one user, the ticket's, so the name is taken in any case...
    await expect(signUpUser({ ...who, signUpTicket: ticket })).rejects.toMatchObject({
      name: 'UsernameExistsException',
    });
    // ...its agency is created for it, and it signs in to it with either spelling.
    const created = await callOperation(createAgency, {
      token: await accessTokenFor('ops-admin'),
      body: agencyBody(who, ticket),
    });
    expect(created.status).toBe(200);
    await confirmUser(who.username);
    const own = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor(who.username.toUpperCase(), who.password),
      params: { username: who.username },
    });
    expect(own.body.payload?.agencyId).toBe(created.body.payload?.agencyId);
  });

  it('lets a ticket through once: it cannot be used again, even after its user is gone', async () => {
    const who = account('it-reuse');
    const ticket = await ticketFor(who);
    await signUpUser({ ...who, signUpTicket: ticket });
    await deleteUser(who.username);
    await expect(signUpUser({ ...who, signUpTicket: ticket })).rejects.toEqual(refusedBy(SIGN_UP_TICKET_REFUSED));
  });
});

describe('POST /public/agency/create', () => {
  it('needs a token, and refuses a caller who is not on the allow-list', async () => {
    const who = account('it-agency');
    const ticket = await ticketFor(who);
    const anonymous = await callOperation(createAgency, { body: agencyBody(who, ticket) });
    const demo = await callOperation(createAgency, {
      token: await accessTokenFor('demo'),
      body: agencyBody(who, ticket),
    });
    expect(anonymous.status).toBe(401);
    expect(demo.status).toBe(403);
    expect(demo.body.success).toBe(false);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const reply = await callOperation(createAgency, {
      token: await accessTokenFor('ops-admin'),
      body: { agencyId: 'nope', name: '', email: 'not-an-email', createdBy: 'x', users: [], signUpTicket: 'x' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(
      expect.arrayContaining(['agencyId', 'email', 'name', 'signUpTicket']),
    );
  });

  it('creates the agency of the user its sign-up registered, once; that user signs in to it', async () => {
    const who = account('it-owner');
    const token = await accessTokenFor('ops-admin');
    const ticket = await ticketFor(who);
    await signUpUser({ ...who, signUpTicket: ticket });
    const body = agencyBody(who, ticket);

    const created = await callOperation(createAgency, { token, body });
    expect(created.status).toBe(200);
    expect(created.body.payload).toMatchObject({ agencyId: body.agencyId, users: [who.username] });

    const again = await callOperation(createAgency, {
      token,
      body: { ...body, agencyId: `bgAgency-${randomUUID()}`, name: 'Second' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('The user of this sign-up already has an agency.');

    await confirmUser(who.username);
    const own = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor(who.username, who.password),
      params: { username: who.username },
    });
    expect(own.body.payload?.agencyId).toBe(body.agencyId);
  });

  it('refuses an agency naming another existing user, and leaves that user where it was', async () => {
    const who = account('it-hijack');
    const ticket = await ticketFor(who);
    await signUpUser({ ...who, signUpTicket: ticket });

    const reply = await callOperation(createAgency, {
      token: await accessTokenFor('ops-admin'),
      body: { ...agencyBody(who, ticket), createdBy: 'demo', users: ['demo'], email: 'demo@demo-agency.example' },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fieldErrors ?? {}).sort()).toEqual(['createdBy', 'email', 'users']);
    const demo = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('demo'),
      params: { username: 'demo' },
    });
    expect(demo.body.payload?.agencyId).toBe('bgAgency-demo');
  });

  it('refuses a user name nobody has registered yet (no one can claim it later)', async () => {
    const who = account('it-future');
    const ticket = await ticketFor(who);

    const reply = await callOperation(createAgency, {
      token: await accessTokenFor('ops-admin'),
      body: agencyBody(who, ticket),
    });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toBe('Register the user first, then create its agency.');
  });
});

describe('GET /api/playBooks', () => {
  it('lists the seeded playbooks in order with their steps', async () => {
    const reply = await callOperation(getPlaybooks, { token: await accessTokenFor('demo') });
    expect(reply.status).toBe(200);
    const playbooks = reply.body.payload ?? [];
    expect(playbooks.length).toBeGreaterThanOrEqual(3);
    for (const p of playbooks) {
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.campaignSteps.length).toBeGreaterThan(0);
    }
  });
});
