import { nowMs } from '@bidgrid/shared/clock';
import '../test-env';
import { AdminGetUserCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TAgency } from '@bidgrid/shared/agency/agency.schema';
import { AGENCY_ALREADY_EXISTS, NOT_ALLOWED_TO_CREATE_AGENCIES } from '../domain/agency/create-agency.use-case';
import { hashSignUpTicket } from '../domain/agency/sign-up-tickets.use-case';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './create-agency.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);
const cognitoMock = mockClient(CognitoIdentityProviderClient);

const TICKET = 'k'.repeat(43);
const body = {
  agencyId: 'bgAgency-0f3a',
  name: 'Northwind Media',
  email: 'Owner@Northwind.test',
  createdBy: 'NewOwner',
  users: ['NewOwner', 'newowner'],
  signUpTicket: TICKET,
};

/** The ticket ops-admin was issued for newowner, already used by newowner's sign-up. */
function givenSignedUpTicket(issuedBy = 'ops-admin'): void {
  ddbMock.on(GetCommand, { Key: { pk: `SIGNUP#${hashSignUpTicket(TICKET)}`, sk: 'SIGNUP' } }).resolves({
    Item: {
      pk: `SIGNUP#${hashSignUpTicket(TICKET)}`,
      sk: 'SIGNUP',
      ticketHash: hashSignUpTicket(TICKET),
      username: 'newowner',
      email: 'owner@northwind.test',
      issuedBy,
      issuedAt: new Date(nowMs() - 60_000).toISOString(),
      signUpBy: new Date(nowMs() + 540_000).toISOString(),
      status: 'signed-up',
      signedUpAt: new Date(nowMs() - 30_000).toISOString(),
      expiresAt: 0,
    },
  });
  cognitoMock.on(AdminGetUserCommand, { Username: 'newowner' }).resolves({
    Username: 'newowner',
    UserStatus: 'UNCONFIRMED',
    UserCreateDate: new Date(nowMs() - 30_000),
    UserAttributes: [{ Name: 'email', Value: 'owner@northwind.test' }],
  });
}

function create(username: string, payload: unknown = body) {
  return handler(
    apiEvent({
      method: 'POST',
      path: '/public/agency/create',
      body: JSON.stringify(payload),
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );
}

function cancelled(codes: string[]): TransactionCanceledException {
  return new TransactionCanceledException({
    message: 'Transaction cancelled',
    $metadata: {},
    CancellationReasons: codes.map((Code) => ({ Code })),
  });
}

beforeEach(() => {
  ddbMock.reset();
  cognitoMock.reset();
});

describe('POST /public/agency/create', () => {
  it("creates the agency of the ticket's user, its mapping and the ticket's close in one transaction", async () => {
    // Prepare
    givenSignedUpTicket();
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const result = await create('Ops-Admin');

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<TAgency>;
    expect(envelope.payload).toMatchObject({
      createdBy: 'newowner',
      users: ['newowner'],
      email: 'owner@northwind.test',
    });
    const calls = ddbMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const items = calls[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((i) => i.Put?.Item?.['pk'] ?? i.Update?.Key?.['pk'])).toEqual([
      'AGENCY#bgAgency-0f3a',
      'USER#newowner',
      `SIGNUP#${hashSignUpTicket(TICKET)}`,
    ]);
    expect(items.slice(0, 2).every((i) => i.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    expect(items[1]?.Put?.Item).toMatchObject({ sk: 'USER', agencyId: 'bgAgency-0f3a', email: 'owner@northwind.test' });
    expect(items[2]?.Update?.ConditionExpression).toBe('#status = :signedUp');
  });

  it('answers 400 when the agency names a user other than the one its sign-up registered', async () => {
    // Prepare
    givenSignedUpTicket();

    // Act
    const result = await create('ops-admin', { ...body, createdBy: 'demo', users: ['demo'] });

    // Assess
    expect(result.statusCode).toBe(400);
    const envelope = JSON.parse(result.body) as TEnvelope<null>;
    expect(Object.keys(envelope.fieldErrors ?? {}).sort()).toEqual(['createdBy', 'users']);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('refuses users outside the allow-list with 403 and writes nothing', async () => {
    // Act
    const result = await create('demo');

    // Assess
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ success: false, payload: null, error: NOT_ALLOWED_TO_CREATE_AGENCIES });
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });

  it('answers 409 when the agency exists (the transaction is cancelled on its condition)', async () => {
    // Prepare
    givenSignedUpTicket();
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None']));

    // Act
    const result = await create('ops-admin');

    // Assess
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toMatchObject({ success: false, error: AGENCY_ALREADY_EXISTS });
  });

  it('answers 409 naming the user who already belongs to an agency', async () => {
    // Prepare
    givenSignedUpTicket();
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['None', 'ConditionalCheckFailed', 'None']));

    // Act
    const result = await create('ops-admin');

    // Assess
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'The user "newowner" is already assigned to an agency.' });
  });

  it('answers 500 when the transaction is cancelled for another reason', async () => {
    // Prepare
    givenSignedUpTicket();
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['TransactionConflict', 'None', 'None']));

    // Act
    const result = await create('ops-admin');

    // Assess
    expect(result.statusCode).toBe(500);
  });

  it('answers 400 when the agency id lacks the bgAgency- prefix', async () => {
    // Act
    const result = await create('ops-admin', { ...body, agencyId: 'agency-1' });

    // Assess
    expect(result.statusCode).toBe(400);
    const envelope = JSON.parse(result.body) as TEnvelope<null>;
    expect(Object.keys(envelope.fieldErrors ?? {})).toEqual(['agencyId']);
    expect(ddbMock.commandCalls(TransactWriteCommand)).toHaveLength(0);
  });
});
