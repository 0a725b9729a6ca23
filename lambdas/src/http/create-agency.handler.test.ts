import '../test-env';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import type { TAgency } from '@bidgrid/shared/entities/agency.schema';
import { AGENCY_ALREADY_EXISTS, NOT_ALLOWED_TO_CREATE_AGENCIES } from '../domain/create-agency.use-case';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './create-agency.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);

const body = {
  agencyId: 'bgAgency-0f3a',
  name: 'Northwind Media',
  email: 'owner@northwind.test',
  createdBy: 'NewOwner',
  users: ['NewOwner', 'newowner', 'Planner'],
};

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
});

describe('POST /public/agency/create', () => {
  it('lets an allow-listed user create the agency and its lower-cased user mappings in one transaction', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).resolves({});

    // Act
    const result = await create('Ops-Admin');

    // Assess
    expect(result.statusCode).toBe(200);
    const envelope = JSON.parse(result.body) as TEnvelope<TAgency>;
    expect(envelope.payload).toMatchObject({ createdBy: 'newowner', users: ['newowner', 'planner'] });
    const calls = ddbMock.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(1);
    const items = calls[0]?.args[0].input.TransactItems ?? [];
    expect(items.map((i) => i.Put?.Item?.['pk'])).toEqual(['AGENCY#bgAgency-0f3a', 'USER#newowner', 'USER#planner']);
    expect(items.every((i) => i.Put?.ConditionExpression === 'attribute_not_exists(pk)')).toBe(true);
    expect(items[1]?.Put?.Item).toMatchObject({ sk: 'USER', agencyId: 'bgAgency-0f3a', email: 'owner@northwind.test' });
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
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['ConditionalCheckFailed', 'None', 'None']));

    // Act
    const result = await create('ops-admin');

    // Assess
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toMatchObject({ success: false, error: AGENCY_ALREADY_EXISTS });
  });

  it('answers 409 naming the user who already belongs to an agency', async () => {
    // Prepare
    ddbMock.on(TransactWriteCommand).rejects(cancelled(['None', 'None', 'ConditionalCheckFailed']));

    // Act
    const result = await create('second-admin');

    // Assess
    expect(result.statusCode).toBe(409);
    expect(JSON.parse(result.body)).toMatchObject({ error: 'The user "planner" is already assigned to an agency.' });
  });

  it('answers 500 when the transaction is cancelled for another reason', async () => {
    // Prepare
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
