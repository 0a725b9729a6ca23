/**
 * DynamoDB table definitions: the one source read by CDK (cloud tables), the local stack (creates
 * them in DynamoDB Local) and the repositories (key names). Every key an agency's data lives under
 * starts with `AGENCY#<id>`; see docs/DATA-MODEL.md.
 */
export interface TableDef {
  /** Logical id (CDK) and the suffix of the physical name. */
  readonly id: 'app' | 'reports' | 'connections';
  readonly partitionKey: string;
  readonly sortKey?: string;
  /** Attribute holding an epoch-seconds expiry, when items expire. */
  readonly ttlAttribute?: string;
  readonly globalIndexes: ReadonlyArray<{ name: string; partitionKey: string; sortKey?: string }>;
}

export const TABLES = {
  app: {
    id: 'app',
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expiresAt',
    // gsi1: secondary look-ups that are still tenant-prefixed (e.g. campaign by bidder id).
    globalIndexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
  },
  reports: { id: 'reports', partitionKey: 'pk', sortKey: 'sk', globalIndexes: [] },
  connections: {
    id: 'connections',
    partitionKey: 'connectionId',
    ttlAttribute: 'expiresAt',
    globalIndexes: [{ name: 'byUser', partitionKey: 'username' }],
  },
} as const satisfies Record<string, TableDef>;

export type TableId = keyof typeof TABLES;

/**
 * Partition-key prefix of the sign-up ticket items of the app table (`SIGNUP#{ticket hash}`). The
 * ticket repository builds its keys with it, and the cloud's PreSignUp trigger may update items under
 * it and nothing else (IAM `dynamodb:LeadingKeys`).
 */
export const SIGN_UP_TICKET_KEY_PREFIX = 'SIGNUP#';
