import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ZAgency } from '@bidgrid/shared/agency/agency.schema';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import type { AgencyRepository, CreateAgencyResult } from '../../domain/ports/agency.port';
import { ddb, tables } from '../dynamodb';
import { signUpTicketKeys } from './sign-up-ticket.repository';

/** Keys of the app table items this repository owns (DATA-MODEL). */
export const agencyKeys = {
  agency: (agencyId: string) => ({ pk: `AGENCY#${agencyId}`, sk: 'AGENCY' }),
  user: (username: string) => ({ pk: `USER#${username}`, sk: 'USER' }),
} as const;

/** The user -> agency mapping item (`USER#{username}` / `USER`), without its keys. */
export interface TUserAgency {
  username: string;
  agencyId: string;
  email?: string;
  createdAt: string;
}

/** A stored agency as the domain type: the schema drops pk/sk and anything else internal. */
function toAgency(item: Record<string, unknown>): TAgency {
  return ZAgency.parse(item);
}

async function getAgency(agencyId: string): Promise<TAgency | null> {
  const result = await ddb().send(new GetCommand({ TableName: tables().app, Key: agencyKeys.agency(agencyId) }));
  return result.Item ? toAgency(result.Item) : null;
}

async function getUserAgencyId(username: string): Promise<string | null> {
  const result = await ddb().send(
    new GetCommand({
      TableName: tables().app,
      Key: agencyKeys.user(username),
      ProjectionExpression: 'agencyId',
    }),
  );
  const agencyId = result.Item?.['agencyId'];
  return typeof agencyId === 'string' && agencyId.length > 0 ? agencyId : null;
}

async function createAgencyWithUsers(
  agency: TAgency & { createdAt: string },
  options: { signUpTicketHash?: string } = {},
): Promise<CreateAgencyResult> {
  const table = tables().app;
  const notExists = 'attribute_not_exists(pk)';
  const ticket = options.signUpTicketHash;
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: { ...agencyKeys.agency(agency.agencyId), ...agency },
              ConditionExpression: notExists,
            },
          },
          ...agency.users.map((username) => {
            const mapping: TUserAgency = {
              username,
              agencyId: agency.agencyId,
              // The sign-up form's e-mail belongs to the user it creates (createdBy).
              ...(username === agency.createdBy ? { email: agency.email } : {}),
              createdAt: agency.createdAt,
            };
            return {
              Put: {
                TableName: table,
                Item: { ...agencyKeys.user(username), ...mapping },
                ConditionExpression: notExists,
              },
            };
          }),
          ...(ticket === undefined
            ? []
            : [
                {
                  Update: {
                    TableName: table,
                    Key: signUpTicketKeys.ticket(ticket),
                    UpdateExpression: 'SET #status = :done, agencyId = :agencyId',
                    ConditionExpression: '#status = :signedUp',
                    ExpressionAttributeNames: { '#status': 'status' },
                    ExpressionAttributeValues: {
                      ':done': 'agency-created',
                      ':signedUp': 'signed-up',
                      ':agencyId': agency.agencyId,
                    },
                  },
                },
              ]),
        ],
      }),
    );
    return { created: true };
  } catch (error) {
    if (!(error instanceof TransactionCanceledException)) throw error;
    // Reasons are positional: 0 is the agency, i >= 1 is users[i - 1], then the ticket.
    const reasons = error.CancellationReasons ?? [];
    const failed = reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed');
    if (failed === 0) return { created: false, conflict: 'agency' };
    if (ticket !== undefined && failed === agency.users.length + 1) return { created: false, conflict: 'ticket' };
    const username = failed > 0 ? agency.users[failed - 1] : undefined;
    if (username !== undefined) return { created: false, conflict: 'user', username };
    // Cancelled for another reason (a concurrent transaction, throttling): not a conflict we can name.
    throw error;
  }
}

/** The DynamoDB implementation used by the handlers. */
export const agencyRepository: AgencyRepository = { getAgency, getUserAgencyId, createAgencyWithUsers };
