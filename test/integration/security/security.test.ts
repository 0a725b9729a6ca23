import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  advertiser as advertiserOps,
  billing,
  isPaged,
  kebabName,
  operations,
  type AnyOperation,
} from '@bidgrid/shared';
import { accessTokenFor, callFormOperationUnchecked, callOperationUnchecked } from '../../support/api';
import { expiredCopy, foreignCopy } from '../../support/jwt';
import { repoRoot } from '../../support/spawn-stack';
import { DEMO_IDS, SAMPLES } from './samples';

/** Fills every `{param}` with a harmless value: the authorizer must answer before any handler runs. */
const anyParams = (op: AnyOperation): Record<string, string> =>
  Object.fromEntries([...op.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1] as string, 'x']));

const userOperations = operations.filter((op) => op.path.startsWith('/api/'));
const hasHandler = (op: AnyOperation): boolean =>
  existsSync(join(repoRoot, 'lambdas/src/http', `${kebabName(op.name)}.handler.ts`));
const implemented = operations.filter((op) => op.auth === 'user' && op.tenant === 'agency' && hasHandler(op));

describe('every /api operation rejects callers without a valid token', () => {
  it('covers the whole table', () => {
    expect(userOperations.length).toBeGreaterThan(0);
    for (const op of userOperations) expect(op.auth, `${op.name} must require a user`).toBe('user');
  });

  it.each(userOperations.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_label, op) => {
    // Prepare
    const demo = await accessTokenFor('demo');
    const cases = [
      { name: 'no token', token: undefined, message: 'Unauthorized' },
      { name: 'expired token', token: expiredCopy(demo), message: 'The incoming token has expired' },
      { name: 'token signed by another key', token: foreignCopy(demo), message: 'Unauthorized' },
    ];
    for (const c of cases) {
      // Act
      const reply = await callOperationUnchecked(op, { token: c.token, params: anyParams(op), body: {} });
      // Assess
      expect(reply.status, `${op.name}: ${c.name}`).toBe(401);
      expect(reply.body.message, `${op.name}: ${c.name}`).toBe(c.message);
    }
  });
});

describe("the rival agency never reaches the demo agency's data", () => {
  it('has a sample for every implemented agency-scoped operation', () => {
    const missing = implemented.filter((op) => !SAMPLES[op.name]).map((op) => op.name);
    expect(missing).toEqual([]);
  });

  it.each(implemented.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_label, op) => {
    // Prepare
    const sample = SAMPLES[op.name];
    if (!sample) throw new Error(`no sample for ${op.name}`);
    const rival = await accessTokenFor('rival');
    const params = typeof sample.params === 'function' ? await sample.params() : sample.params;
    const body = sample.makeBody ? await sample.makeBody() : sample.body;
    // Act: any operation of the table with its sample, so the calls are unchecked
    const reply =
      op.bodyKind === 'form'
        ? await callFormOperationUnchecked(op, {
            token: rival,
            params,
            fields: body as Record<string, string>,
          })
        : await callOperationUnchecked(op, {
            token: rival,
            params,
            query: sample.query,
            body,
          });
    // Assess
    if (sample.expect === 404 || sample.expect === 403) {
      expect(reply.status).toBe(sample.expect);
      expect(reply.body.success).toBe(false);
    } else {
      expect(reply.status).toBe(200);
      expect(reply.body.success).toBe(true);
    }
    const text = JSON.stringify(reply.body);
    for (const id of Object.values(DEMO_IDS)) expect(text).not.toContain(id);
  });
});

describe("no paged list continues from another agency's or another list's cursor (issue 9 §6)", () => {
  const paged = implemented.filter(isPaged);

  /** The demo agency's cursor of the second page of `op` (its own sample, one item a page), if it has one. */
  async function demoCursor(op: AnyOperation): Promise<string | null> {
    const sample = SAMPLES[op.name];
    if (!sample) throw new Error(`no sample for ${op.name}`);
    const params = typeof sample.params === 'function' ? await sample.params() : sample.params;
    const reply = await callOperationUnchecked(op, {
      token: await accessTokenFor('demo'),
      params,
      query: { ...sample.query, limit: '1' },
      body: sample.makeBody ? await sample.makeBody() : sample.body,
    });
    return reply.body.nextCursor ?? null;
  }

  it('covers every implemented paged operation, with a demo cursor for most', async () => {
    const cursors = await Promise.all(paged.map(demoCursor));
    expect(paged.length).toBeGreaterThan(10);
    // Lists the demo world holds one item of (or none, or refuses the demo user) have no second page.
    expect(cursors.filter((cursor) => cursor !== null).length).toBeGreaterThanOrEqual(8);
  });

  it.each(paged.map((op) => [`${op.method} ${op.path}`, op] as const))('%s', async (_label, op) => {
    // Prepare: the demo's cursor of this list (or, when it has no second page, of another list), and a
    // cursor of another of the demo's lists (its advertisers, six of them; for that list, its billing logs)
    const sample = SAMPLES[op.name];
    if (!sample) throw new Error(`no sample for ${op.name}`);
    const params = typeof sample.params === 'function' ? await sample.params() : sample.params;
    const otherList =
      op.name === advertiserOps.listAdvertisersByAgency.name
        ? billing.listAllBillingLogs
        : advertiserOps.listAdvertisersByAgency;
    const other = await demoCursor(otherList);
    if (other === null) throw new Error(`The demo agency has no second page of ${otherList.name}`);
    const own = (await demoCursor(op)) ?? other;

    // Act: the rival with the demo's cursor; the demo with another list's cursor
    const stolen = await callOperationUnchecked(op, {
      token: await accessTokenFor('rival'),
      params,
      query: { ...sample.query, cursor: own },
      body: sample.body,
    });
    const mixed = await callOperationUnchecked(op, {
      token: await accessTokenFor('demo'),
      params,
      query: { ...sample.query, cursor: other },
      body: sample.body,
    });

    // Assess
    for (const reply of [stolen, mixed]) {
      expect(reply.status).toBe(400);
      expect(reply.body.payload).toBeNull();
      expect(reply.body.fieldErrors?.['cursor']).toBeDefined();
    }
    const text = JSON.stringify(stolen.body);
    for (const id of Object.values(DEMO_IDS)) expect(text).not.toContain(id);
  });
});
