/**
 * One sample request per implemented `/api` operation, aimed at the DEMO agency's seeded data, used
 * by the security walk: called with the RIVAL agency's token it must answer 404 (`expect: 404`), or,
 * for calls that name no resource (lists, the caller's own records), succeed without a single demo id
 * in the reply (`expect: 'no-leak'`). The walk fails for an implemented operation missing here, so a
 * new handler cannot land without its tenant check being exercised.
 */
export interface SecuritySample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  expect: 404 | 'no-leak';
}

/** Ids the local seed gives the demo agency; none may ever reach the rival. */
export const DEMO_IDS = {
  agencyId: 'bgAgency-demo',
} as const;

export const SAMPLES: Record<string, SecuritySample> = {
  // The path names the demo user, yet the caller only ever gets their own agency.
  getAgencyAssignedToUser: { params: { username: 'demo' }, expect: 'no-leak' },
  getPlaybooks: { expect: 'no-leak' },
};
