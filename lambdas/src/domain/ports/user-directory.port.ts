/** A user of the identity provider (the Cognito user pool), as the domain needs to know it. */
export interface TDirectoryUser {
  readonly username: string;
  /** The e-mail attribute, lower-cased; null when the user has none. */
  readonly email: string | null;
  /** Cognito's status: `UNCONFIRMED`, `CONFIRMED`, `FORCE_CHANGE_PASSWORD`, ... */
  readonly status: string;
  readonly createdAt: Date;
}

/** Port: reads users of the identity provider. */
export interface UserDirectory {
  /** The user, or null when there is no user of that name. */
  getUser(username: string): Promise<TDirectoryUser | null>;
}
