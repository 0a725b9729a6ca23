import '../test-env';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import Stripe from 'stripe';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { setEnvironmentForTests } from '../kernel/config';
import { INVALID_WEBHOOK_SIGNATURE } from '../entry/signed-requests';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './handle-stripe-webhook.handler';

const ddbMock = mockClient(DynamoDBDocumentClient);
const SECRET = 'whsec_handler_test';
setEnvironmentForTests({ SECRET_STRIPE_WEBHOOK_SECRET: SECRET, SECRET_STRIPE_SECRET_KEY: 'sk_test_unit' });

const body = JSON.stringify({
  id: 'evt_42',
  object: 'event',
  type: 'customer.created',
  created: 1,
  data: { object: { id: 'cus_1' } },
});
const post = (signature: string | null, text = body) =>
  handler(
    apiEvent({
      method: 'POST',
      path: '/public/stripe/webhook',
      body: text,
      claims: null,
      headers: signature ? { 'Stripe-Signature': signature } : {},
    }),
    lambdaContext(),
  );

beforeEach(() => {
  ddbMock.reset();
});

describe('POST /public/stripe/webhook', () => {
  it('records a signed event once and acknowledges it, without a token', async () => {
    // Prepare
    ddbMock.on(PutCommand).resolves({});

    // Act
    const result = await post(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: { received: true }, error: null });
    const put = ddbMock.commandCalls(PutCommand)[0]?.args[0].input;
    expect(put).toMatchObject({
      Item: { pk: 'EVT#evt_42', sk: 'EVT#evt_42' },
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('acknowledges a replay without processing it again', async () => {
    ddbMock.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const result = await post(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }));
    expect(result.statusCode).toBe(200);
  });

  it('answers 401 for a missing, foreign or tampered signature and stores nothing', async () => {
    const signed = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    for (const result of [
      await post(null),
      await post(Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_other' })),
      await post(signed, body.replace('cus_1', 'cus_2')),
    ]) {
      expect(result.statusCode).toBe(401);
      expect(JSON.parse(result.body)).toMatchObject({ success: false, error: INVALID_WEBHOOK_SIGNATURE });
    }
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
  });
});
