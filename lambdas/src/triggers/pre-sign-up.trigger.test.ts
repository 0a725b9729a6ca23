import '../test-env';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  SIGN_UP_NEEDS_TICKET,
  SIGN_UP_TICKET_REFUSED,
  hashSignUpTicket,
} from '../domain/agency/sign-up-tickets.use-case';
import { handler } from './pre-sign-up.trigger';

const ddbMock = mockClient(DynamoDBDocumentClient);
const TICKET = 'T'.repeat(43);

/** The PreSignUp event Cognito sends for a SignUp call (cognito-local sends the same shape). */
function signUpEvent(clientMetadata?: Record<string, string>, source = 'PreSignUp_SignUp'): PreSignUpTriggerEvent {
  return {
    version: '1',
    region: 'us-east-1',
    userPoolId: 'us-east-1_pool',
    userName: 'newowner',
    callerContext: { awsSdkVersion: '3', clientId: 'web-client' },
    triggerSource: source as PreSignUpTriggerEvent['triggerSource'],
    request: { userAttributes: { email: 'Owner@Northwind.test' }, ...(clientMetadata ? { clientMetadata } : {}) },
    response: { autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false },
  };
}

beforeEach(() => {
  ddbMock.reset();
});

describe('PreSignUp trigger', () => {
  it('uses up the ticket of this user name and e-mail and lets the sign-up through, unconfirmed', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).resolves({});
    const event = signUpEvent({ signUpTicket: TICKET });

    // Act
    const result = await handler(event);

    // Assess
    expect(result.response).toEqual({ autoConfirmUser: false, autoVerifyEmail: false, autoVerifyPhone: false });
    const [call] = ddbMock.commandCalls(UpdateCommand);
    expect(call?.args[0].input).toMatchObject({
      Key: { pk: `SIGNUP#${hashSignUpTicket(TICKET)}`, sk: 'SIGNUP' },
      ExpressionAttributeValues: { ':username': 'newowner', ':email': 'owner@northwind.test', ':issued': 'issued' },
    });
    expect(call?.args[0].input.ConditionExpression).toContain('signUpBy > :at');
  });

  it('refuses a sign-up without a ticket, touching nothing', async () => {
    // Act
    const act = handler(signUpEvent());

    // Assess
    await expect(act).rejects.toThrow(SIGN_UP_NEEDS_TICKET);
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });

  it('refuses a ticket the store does not let through (unknown, used, expired or bound to another user)', async () => {
    // Prepare
    ddbMock.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }));

    // Act
    const act = handler(signUpEvent({ signUpTicket: TICKET }));

    // Assess
    await expect(act).rejects.toThrow(SIGN_UP_TICKET_REFUSED);
  });

  it('lets an administrator create users', async () => {
    // Act
    const result = await handler(signUpEvent(undefined, 'PreSignUp_AdminCreateUser'));

    // Assess
    expect(result.userName).toBe('newowner');
    expect(ddbMock.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
