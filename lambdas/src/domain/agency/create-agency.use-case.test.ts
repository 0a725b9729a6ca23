import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import {
  AGENCY_ALREADY_EXISTS,
  AGENCY_NAMES_ITS_OWN_USER,
  NOT_ALLOWED_TO_CREATE_AGENCIES,
  SIGN_UP_NOT_REGISTERED_YET,
  SIGN_UP_TICKET_UNKNOWN,
  SIGN_UP_ALREADY_HAS_AGENCY,
  createAgency,
  notCreatedBySignUp,
  userAlreadyAssigned,
} from './create-agency.use-case';
import type { AgencyRepository, CreateAgencyResult } from '../ports/agency.port';
import type { TDirectoryUser, UserDirectory } from '../ports/user-directory.port';
import { issueSignUpTicket, redeemSignUpTicket } from './sign-up-tickets.use-case';
import { memoryTicketStore } from '../test-fakes';

const ISSUED_AT = '2026-11-25T10:00:00.000Z';
const now = () => new Date('2026-11-25T10:02:00.000Z');

/** Agencies and user mappings in memory, with the repository's all-or-nothing conditions. */
function memoryAgencies(tickets: ReturnType<typeof memoryTicketStore>) {
  const agencies = new Map<string, TAgency>();
  const users = new Map<string, string>();
  const creator: Pick<AgencyRepository, 'createAgencyWithUsers'> = {
    createAgencyWithUsers: async (agency, options): Promise<CreateAgencyResult> => {
      if (agencies.has(agency.agencyId)) return { created: false, conflict: 'agency' };
      const taken = agency.users.find((u) => users.has(u));
      if (taken) return { created: false, conflict: 'user', username: taken };
      if (options?.signUpTicketHash !== undefined) {
        const ticket = tickets.records.get(options.signUpTicketHash);
        if (ticket?.status !== 'signed-up') return { created: false, conflict: 'ticket' };
        tickets.records.set(options.signUpTicketHash, {
          ...ticket,
          status: 'agency-created',
          agencyId: agency.agencyId,
        });
      }
      agencies.set(agency.agencyId, agency);
      for (const u of agency.users) users.set(u, agency.agencyId);
      return { created: true };
    },
  };
  return { creator, agencies, users };
}

function directory(known: TDirectoryUser[]): UserDirectory {
  return { getUser: async (username) => known.find((u) => u.username === username) ?? null };
}

const registered = (overrides: Partial<TDirectoryUser> = {}): TDirectoryUser => ({
  username: 'newowner',
  email: 'owner@northwind.test',
  status: 'UNCONFIRMED',
  createdAt: new Date('2026-11-25T10:01:00.000Z'),
  ...overrides,
});

/** A ticket issued to ops-admin for newowner, and (unless `signUp` is false) used by its sign-up. */
async function world(options: { signUp?: boolean; users?: TDirectoryUser[] } = {}) {
  const tickets = memoryTicketStore();
  const { signUpTicket } = await issueSignUpTicket(
    { caller: { username: 'ops-admin' }, userName: 'newowner', email: 'owner@northwind.test' },
    { tickets, internalUsers: ['ops-admin', 'second-admin'], now: () => new Date(ISSUED_AT) },
  );
  if (options.signUp ?? true) {
    await redeemSignUpTicket(
      { source: 'PreSignUp_SignUp', username: 'newowner', email: 'owner@northwind.test', ticket: signUpTicket },
      { tickets, now: () => new Date('2026-11-25T10:01:00.000Z') },
    );
  }
  const agencies = memoryAgencies(tickets);
  const deps = {
    agencies: agencies.creator,
    tickets,
    users: directory(options.users ?? [registered(), registered({ username: 'demo', status: 'CONFIRMED' })]),
    internalUsers: ['ops-admin', 'second-admin'],
    now,
  };
  const body = {
    agencyId: 'bgAgency-northwind' as const,
    name: 'Northwind Media',
    email: 'owner@northwind.test',
    createdBy: 'newowner',
    users: ['newowner'],
    signUpTicket,
  };
  return { tickets, agencies, deps, body };
}

describe('createAgency', () => {
  it('creates the agency of the user its sign-up registered, once, and closes the ticket', async () => {
    // Prepare
    const { deps, body, agencies, tickets } = await world();

    // Act
    const agency = await createAgency({ caller: { username: 'ops-admin' }, agency: body }, deps);
    const again = createAgency(
      { caller: { username: 'ops-admin' }, agency: { ...body, agencyId: 'bgAgency-second' } },
      deps,
    );

    // Assess
    expect(agency).toEqual({
      agencyId: 'bgAgency-northwind',
      name: 'Northwind Media',
      email: 'owner@northwind.test',
      createdBy: 'newowner',
      users: ['newowner'],
      createdAt: '2026-11-25T10:02:00.000Z',
    });
    await expect(again).rejects.toMatchObject({ status: 409, userMessage: SIGN_UP_ALREADY_HAS_AGENCY });
    expect([...agencies.users.entries()]).toEqual([['newowner', 'bgAgency-northwind']]);
    expect([...tickets.records.values()][0]).toMatchObject({
      status: 'agency-created',
      agencyId: 'bgAgency-northwind',
    });
  });

  it('refuses callers outside the allow-list', async () => {
    // Prepare
    const { deps, body } = await world();

    // Act
    const act = createAgency({ caller: { username: 'demo' }, agency: body }, deps);

    // Assess
    await expect(act).rejects.toMatchObject({ status: 403, userMessage: NOT_ALLOWED_TO_CREATE_AGENCIES });
  });

  it.each([
    ['another existing user as creator', { createdBy: 'demo', users: ['demo'] }, ['createdBy', 'users']],
    ['an extra user', { users: ['newowner', 'demo'] }, ['users']],
    ['another e-mail', { email: 'attacker@example.com' }, ['email']],
  ])('refuses an agency naming %s, and writes nothing', async (_case, change, fields) => {
    // Prepare
    const { deps, body, agencies } = await world();

    // Act
    const act = createAgency({ caller: { username: 'ops-admin' }, agency: { ...body, ...change } }, deps);

    // Assess
    await expect(act).rejects.toMatchObject({ status: 400 });
    const error = (await act.catch((e: unknown) => e)) as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(error.fieldErrors).sort()).toEqual(fields);
    expect(Object.values(error.fieldErrors).flat()).toEqual(fields.map(() => AGENCY_NAMES_ITS_OWN_USER));
    expect(agencies.agencies.size).toBe(0);
  });

  it('refuses an unknown ticket and one issued to another internal user', async () => {
    // Prepare
    const { deps, body } = await world();

    // Act
    const unknown = createAgency(
      { caller: { username: 'ops-admin' }, agency: { ...body, signUpTicket: 'B'.repeat(43) } },
      deps,
    );
    const foreign = createAgency({ caller: { username: 'second-admin' }, agency: body }, deps);

    // Assess
    for (const act of [unknown, foreign]) {
      await expect(act).rejects.toMatchObject({ status: 400, fieldErrors: { signUpTicket: [SIGN_UP_TICKET_UNKNOWN] } });
    }
  });

  it('refuses a ticket whose sign-up did not happen', async () => {
    // Prepare
    const { deps, body } = await world({ signUp: false });

    // Act
    const act = createAgency({ caller: { username: 'ops-admin' }, agency: body }, deps);

    // Assess
    await expect(act).rejects.toMatchObject({ status: 409, userMessage: SIGN_UP_NOT_REGISTERED_YET });
  });

  it.each([
    ['does not exist', []],
    ['existed before the ticket', [registered({ createdAt: new Date('2026-11-24T09:00:00.000Z') })]],
    ['has another e-mail', [registered({ email: 'other@example.com' })]],
    ['was made by an administrator', [registered({ status: 'FORCE_CHANGE_PASSWORD' })]],
  ])('refuses when the user %s', async (_case, users) => {
    // Prepare
    const { deps, body, agencies } = await world({ users });

    // Act
    const act = createAgency({ caller: { username: 'ops-admin' }, agency: body }, deps);

    // Assess
    await expect(act).rejects.toMatchObject({ status: 409, userMessage: notCreatedBySignUp('newowner') });
    expect(agencies.agencies.size).toBe(0);
  });

  it('names the conflict when the agency id or the user is taken', async () => {
    // Prepare
    const first = await world();
    first.agencies.agencies.set('bgAgency-northwind', { ...first.body, createdAt: ISSUED_AT });
    const second = await world();
    second.agencies.users.set('newowner', 'bgAgency-other');

    // Act
    const agencyTaken = createAgency({ caller: { username: 'ops-admin' }, agency: first.body }, first.deps);
    const userTaken = createAgency({ caller: { username: 'ops-admin' }, agency: second.body }, second.deps);

    // Assess
    await expect(agencyTaken).rejects.toMatchObject({ status: 409, userMessage: AGENCY_ALREADY_EXISTS });
    await expect(userTaken).rejects.toMatchObject({ status: 409, userMessage: userAlreadyAssigned('newowner') });
  });
});
