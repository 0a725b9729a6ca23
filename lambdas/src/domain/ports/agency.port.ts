import type { TAgency } from '@bidgrid/shared/agency/agency.schema';

/** Outcome of creating an agency: created, or which condition refused it. */
export type CreateAgencyResult =
  | { created: true }
  | { created: false; conflict: 'agency' }
  | { created: false; conflict: 'user'; username: string }
  | { created: false; conflict: 'ticket' };

/** Agencies and the user -> agency mappings of the store. */
export interface AgencyRepository {
  /** The agency, or null when there is none with this id. */
  getAgency(agencyId: string): Promise<TAgency | null>;
  /** The agency id the user (lower-cased name) is assigned to, or null. */
  getUserAgencyId(username: string): Promise<string | null>;
  /**
   * Writes the agency and one user mapping per user at once; never overwrites an existing agency or
   * an existing mapping (the result says which one was in the way). With `signUpTicketHash` the same
   * transaction moves that ticket from `signed-up` to `agency-created`, so a ticket makes one agency.
   */
  createAgencyWithUsers(
    agency: TAgency & { createdAt: string },
    options?: { signUpTicketHash?: string },
  ): Promise<CreateAgencyResult>;
}
