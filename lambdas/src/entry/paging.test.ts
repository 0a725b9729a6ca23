import '../test-env';
import { randomBytes } from 'node:crypto';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import type { TEnvelope } from '@bidgrid/shared/api/envelope';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { setEnvironmentForTests } from '../kernel/config';
import { memoryPage } from '../domain/test-fakes';
import { apiEvent, lambdaContext } from '../test-events';
import { BadRequestError, InternalError } from '../kernel/errors';
import { httpHandler, resetCallerCacheForTests } from './http';
import { INVALID_CURSOR_MESSAGE } from '../kernel/invalid-cursor';
import { openCursor, pageBindingOf, sealCursor, sealedPartPage } from './paging';

setEnvironmentForTests({ SECRET_TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64') });

const ddbMock = mockClient(DynamoDBDocumentClient);

/** A paged list of 25 numbered things per agency, 10 a page unless the caller names a limit (at most 20). */
const things = defineOperation({
  name: 'listThings',
  method: 'POST',
  path: '/api/things',
  auth: 'user',
  body: z._default(z.object({ username: z.optional(z.string()) }), {}),
  response: z.array(z.string()),
  paged: { defaultLimit: 10, maxLimit: 20 },
  summary: 'Paged test operation',
  specRef: 'test',
});
const otherThings = defineOperation({ ...things, name: 'listOtherThings', path: '/api/other-things' });

const seen: Array<{ limit: number; cursor: string | null }> = [];
const listOf = (agencyId: string) => Array.from({ length: 25 }, (_, n) => `${agencyId}:${n}`);
const handlerOf = (operation: typeof things) =>
  httpHandler(operation, async ({ caller, page }) => {
    seen.push(page);
    const result = memoryPage(listOf(caller.agencyId), page, 'things');
    return { payload: result.items, nextCursor: result.nextCursor };
  }).handler;
const listThings = handlerOf(things);
const listOtherThings = handlerOf(otherThings);

async function call(
  handler: typeof listThings,
  username: string,
  query: Record<string, string> = {},
): Promise<{ status: number; envelope: TEnvelope<string[]> }> {
  const result = await handler(
    apiEvent({
      method: 'POST',
      path: '/api/things',
      body: '{}',
      queryStringParameters: Object.keys(query).length > 0 ? query : null,
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );
  return { status: result.statusCode, envelope: JSON.parse(result.body) as TEnvelope<string[]> };
}

beforeEach(() => {
  ddbMock.reset();
  resetCallerCacheForTests();
  seen.length = 0;
  ddbMock.on(GetCommand, { Key: { pk: 'USER#demo', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-demo' } });
  ddbMock.on(GetCommand, { Key: { pk: 'USER#rival', sk: 'USER' } }).resolves({ Item: { agencyId: 'bgAgency-rival' } });
});

describe('the handler wrapper pages paged operations (issue 9 §6)', () => {
  it('asks the default page, then follows the sealed cursors to the end, each item once', async () => {
    // Act
    const items: string[] = [];
    const cursors: Array<string | null | undefined> = [];
    let query: Record<string, string> = {};
    for (let pages = 0; pages < 10; pages++) {
      const { status, envelope } = await call(listThings, 'demo', query);
      expect(status).toBe(200);
      items.push(...(envelope.payload ?? []));
      cursors.push(envelope.nextCursor);
      if (!envelope.nextCursor) break;
      query = { cursor: envelope.nextCursor };
    }

    // Assess
    expect(items).toEqual(listOf('bgAgency-demo'));
    expect(seen.map((page) => page.limit)).toEqual([10, 10, 10]);
    expect(cursors.at(-1)).toBeNull();
    // The store's cursor reaches the use case opened, and leaves the server sealed (unreadable).
    expect(seen[1]?.cursor).toBe('things@10');
    expect(cursors[0]).not.toContain('things');
  });

  it('takes the limit from the query, within the operation maximum', async () => {
    const twenty = await call(listThings, 'demo', { limit: '20' });
    const tooMany = await call(listThings, 'demo', { limit: '21' });
    const notNumber = await call(listThings, 'demo', { limit: 'all' });

    expect(twenty.envelope.payload).toHaveLength(20);
    expect(tooMany.status).toBe(400);
    expect(tooMany.envelope.fieldErrors?.['limit']).toEqual(['Must be a whole number from 1 to 20.']);
    expect(notNumber.status).toBe(400);
  });

  it("answers 400, never data, for a cursor that was altered, is another agency's, or another list's", async () => {
    // Prepare
    const demoCursor = (await call(listThings, 'demo')).envelope.nextCursor as string;
    const flipped = `${demoCursor.slice(0, 10)}${demoCursor[10] === 'A' ? 'B' : 'A'}${demoCursor.slice(11)}`;

    // Act
    const replies = [
      await call(listThings, 'demo', { cursor: flipped }),
      await call(listThings, 'demo', { cursor: 'v1.forged.cursor.text' }),
      await call(listThings, 'rival', { cursor: demoCursor }),
      await call(listOtherThings, 'demo', { cursor: demoCursor }),
    ];

    // Assess
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(reply.envelope).toEqual({
        success: false,
        payload: null,
        error: INVALID_CURSOR_MESSAGE,
        fieldErrors: { cursor: [INVALID_CURSOR_MESSAGE] },
      });
    }
    expect(seen).toHaveLength(1);
  });

  it('has no nextCursor on an operation that is not paged', async () => {
    const plain = defineOperation({
      name: 'plainThings',
      method: 'POST',
      path: '/api/plain-things',
      auth: 'user',
      response: z.array(z.string()),
      summary: 'Unpaged test operation',
      specRef: 'test',
    });
    const handler = httpHandler(plain, async () => ['one']).handler;
    const result = await handler(apiEvent({ method: 'POST', body: '{}' }), lambdaContext());
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: ['one'], error: null });
  });
});

describe('sealed cursors', () => {
  const key = randomBytes(32);
  const binding = { operation: 'listThings', tenant: 'bgAgency-demo' };

  it('opens what it sealed for the same operation and tenant only', () => {
    const sealed = sealCursor('store-cursor', binding, key);
    expect(openCursor(sealed, binding, key)).toBe('store-cursor');
    expect(() => openCursor(sealed, { ...binding, tenant: 'bgAgency-rival' }, key)).toThrow(BadRequestError);
    expect(() => openCursor(sealed, { ...binding, operation: 'listOther' }, key)).toThrow(BadRequestError);
    expect(() => openCursor(sealed, binding, randomBytes(32))).toThrow(BadRequestError);
  });

  it('seals the same cursor differently each time (nothing to learn from comparing two)', () => {
    expect(sealCursor('store-cursor', binding, key)).not.toBe(sealCursor('store-cursor', binding, key));
  });
});

describe('a part of a reply that gathers lists (getAdvertiserPageFirstScreen)', () => {
  /** An unpaged screen whose `things` part is the first page of `listThings`, as that list answers it. */
  const screen = defineOperation({
    name: 'getThingsScreen',
    method: 'POST',
    path: '/api/things-screen',
    auth: 'user',
    response: z.object({ things: z.object({ payload: z.array(z.string()), nextCursor: z.nullable(z.string()) }) }),
    summary: 'Composed test operation',
    specRef: 'test',
  });
  const getThingsScreen = httpHandler(screen, async ({ caller }) => {
    const first = memoryPage(listOf(caller.agencyId), { limit: things.paged.defaultLimit, cursor: null }, 'things');
    return { things: await sealedPartPage(things, { payload: first.items, nextCursor: first.nextCursor }, caller) };
  }).handler;

  async function screenCursor(username: string): Promise<string> {
    const result = await getThingsScreen(
      apiEvent({ method: 'POST', body: '{}', claims: { username, sub: `sub-${username}`, token_use: 'access' } }),
      lambdaContext(),
    );
    const envelope = JSON.parse(result.body) as TEnvelope<z.infer<typeof screen.response>>;
    expect(result.statusCode).toBe(200);
    expect(envelope.payload?.things.payload).toEqual(listOf('bgAgency-demo').slice(0, 10));
    return envelope.payload?.things.nextCursor as string;
  }

  it("seals the part's cursor for the part's own operation: it answers the part's second page", async () => {
    // Prepare
    const cursor = await screenCursor('demo');

    // Act
    const second = await call(listThings, 'demo', { cursor });

    // Assess
    expect(second.status).toBe(200);
    expect(second.envelope.payload).toEqual(listOf('bgAgency-demo').slice(10, 20));
    expect(seen.at(-1)).toEqual({ limit: 10, cursor: 'things@10' });
    // Sealed, so nothing of the store's cursor shows.
    expect(cursor).not.toContain('things');
  });

  it("refuses the part's cursor on another list and for another agency", async () => {
    // Prepare
    const cursor = await screenCursor('demo');

    // Act
    const replies = [await call(listOtherThings, 'demo', { cursor }), await call(listThings, 'rival', { cursor })];

    // Assess
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(reply.envelope.fieldErrors).toEqual({ cursor: [INVALID_CURSOR_MESSAGE] });
    }
    expect(seen).toHaveLength(0);
  });

  it('binds a cursor as the handler wrapper does: agency, user, or nobody on a signed operation', () => {
    // Prepare
    const who = { username: 'demo', agencyId: 'bgAgency-demo' };
    const userOnly = defineOperation({ ...things, name: 'listMine', tenant: 'none' });
    const signed = defineOperation({ ...things, name: 'listForCard', auth: 'hubspot-signed' });

    // Act + Assess
    expect(pageBindingOf(things, who)).toEqual({ operation: 'listThings', tenant: 'bgAgency-demo' });
    expect(pageBindingOf(userOnly, who)).toEqual({ operation: 'listMine', tenant: 'demo' });
    expect(pageBindingOf(signed, { username: null, agencyId: null })).toEqual({ operation: 'listForCard', tenant: '' });
    expect(() => pageBindingOf(things, { username: 'demo', agencyId: null })).toThrow(InternalError);
  });
});
