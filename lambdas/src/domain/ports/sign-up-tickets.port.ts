/**
 * Sign-up tickets: what an allow-listed internal user is given before creating an account, so the
 * user pool lets that one sign-up through and the agency can then name only the user it created.
 */

/** Where a ticket stands: issued, used by its sign-up, then used by the agency of that user. */
export type TSignUpTicketStatus = 'issued' | 'signed-up' | 'agency-created';

/** A stored ticket. The ticket itself is never stored, only its hash. */
export interface TSignUpTicketRecord {
  /** SHA-256 of the ticket, base64url. */
  readonly ticketHash: string;
  /** The lower-cased user name the sign-up must register. */
  readonly username: string;
  /** The lower-cased e-mail address the sign-up must give. */
  readonly email: string;
  /** The internal user it was issued to. */
  readonly issuedBy: string;
  /** ISO instants: when it was issued, and until when a sign-up may use it. */
  readonly issuedAt: string;
  readonly signUpBy: string;
  readonly status: TSignUpTicketStatus;
  readonly signedUpAt?: string;
  readonly agencyId?: string;
}

/** Port: the stored tickets. Every change of status is conditional, so a ticket is used once. */
export interface SignUpTicketStore {
  /** Stores a newly issued ticket (its hash is random: never overwrites). */
  saveIssued(record: TSignUpTicketRecord): Promise<void>;
  /**
   * Marks the ticket used by the sign-up of `username` with `email` at `at`, when it is `issued`,
   * bound to that user name and e-mail and not past `signUpBy`; false when any of that fails.
   */
  markSignedUp(input: { ticketHash: string; username: string; email: string; at: string }): Promise<boolean>;
  /** The ticket with this hash, or null. */
  find(ticketHash: string): Promise<TSignUpTicketRecord | null>;
}
