import { SIGN_UP_TICKET_KEY_PREFIX } from '@bidgrid/shared/tables';
import type { SignUpTicketStore, TSignUpTicketRecord } from '../../domain/ports/sign-up-tickets.port';
import { conditionalPut, conditionalUpdate, getConsistentItem, tables } from '../dynamodb';

/** Keys of the ticket items (`SIGNUP#{sha256 of the ticket}`); the cloud trigger may touch these alone. */
export const signUpTicketKeys = {
  ticket: (ticketHash: string) => ({ pk: `${SIGN_UP_TICKET_KEY_PREFIX}${ticketHash}`, sk: 'SIGNUP' }),
} as const;

/** How long a ticket item stays before DynamoDB's TTL removes it (it is useless after a day). */
const KEEP_SECONDS = 2 * 24 * 60 * 60;

const FIELDS = [
  'ticketHash',
  'username',
  'email',
  'issuedBy',
  'issuedAt',
  'signUpBy',
  'status',
  'signedUpAt',
  'agencyId',
] as const;

function toRecord(item: Record<string, unknown>): TSignUpTicketRecord {
  const picked = Object.fromEntries(FIELDS.filter((f) => item[f] !== undefined).map((f) => [f, item[f]]));
  return picked as unknown as TSignUpTicketRecord;
}

async function saveIssued(record: TSignUpTicketRecord): Promise<void> {
  const written = await conditionalPut({
    TableName: tables().app,
    Item: {
      ...signUpTicketKeys.ticket(record.ticketHash),
      ...record,
      expiresAt: Math.floor(Date.parse(record.issuedAt) / 1000) + KEEP_SECONDS,
    },
    ConditionExpression: 'attribute_not_exists(pk)',
  });
  // 256 random bits never collide; a second write of the same hash is a bug, not a retry.
  if (!written) throw new Error('A sign-up ticket with this hash exists already');
}

async function markSignedUp(input: {
  ticketHash: string;
  username: string;
  email: string;
  at: string;
}): Promise<boolean> {
  // One conditional update: the status, the binding and the deadline are checked where the write happens.
  return conditionalUpdate({
    TableName: tables().app,
    Key: signUpTicketKeys.ticket(input.ticketHash),
    UpdateExpression: 'SET #status = :signedUp, signedUpAt = :at',
    ConditionExpression:
      'attribute_exists(pk) AND #status = :issued AND username = :username AND email = :email AND signUpBy > :at',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: {
      ':signedUp': 'signed-up',
      ':issued': 'issued',
      ':username': input.username,
      ':email': input.email,
      ':at': input.at,
    },
  });
}

async function find(ticketHash: string): Promise<TSignUpTicketRecord | null> {
  const item = await getConsistentItem(signUpTicketKeys.ticket(ticketHash));
  return item ? toRecord(item) : null;
}

/** The DynamoDB implementation of the ticket store (app table, one item per ticket, TTL-expired). */
export const signUpTicketRepository: SignUpTicketStore = { saveIssued, markSignedUp, find };
