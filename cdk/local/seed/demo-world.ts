import type { TId } from '@bidgrid/shared/ids';
import type { LocalStackUser } from '../info';

/** The password of every seeded user (CONTRIBUTING.md). */
export const DEMO_PASSWORD = 'Demo-pass-1';

/** A seeded sign-in with its e-mail (Cognito attribute and the agency's contact). */
export interface DemoUser extends LocalStackUser {
  readonly email: string;
  readonly agencyId: TId<'agency'> | null;
}

/**
 * The seeded people: two agencies that must never see each other's data, and an allow-listed
 * internal user (INTERNAL_USERS) with its own agency, who may create agencies.
 */
export const DEMO_USERS: readonly DemoUser[] = [
  {
    username: 'demo',
    password: DEMO_PASSWORD,
    email: 'demo@demo-agency.example',
    agencyId: 'bgAgency-demo',
    agencyName: 'Demo Agency',
    internal: false,
  },
  {
    username: 'rival',
    password: DEMO_PASSWORD,
    email: 'rival@rival-agency.example',
    agencyId: 'bgAgency-rival',
    agencyName: 'Rival Agency',
    internal: false,
  },
  {
    username: 'ops-admin',
    password: DEMO_PASSWORD,
    email: 'ops-admin@bidgrid.example',
    agencyId: 'bgAgency-ops',
    agencyName: 'BidGrid Operations',
    internal: true,
  },
];

/** The users as `LocalStackInfo` lists them (no e-mail). */
export const infoUsers = (): LocalStackUser[] =>
  DEMO_USERS.map(({ username, password, agencyId, agencyName, internal }) => ({
    username,
    password,
    agencyId,
    agencyName,
    internal,
  }));
