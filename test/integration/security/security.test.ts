import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kebabName, operations, type AnyOperation } from '@bidgrid/shared';
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
    // Act: any operation of the table with its sample, so the calls are unchecked
    const reply =
      op.bodyKind === 'form'
        ? await callFormOperationUnchecked(op, {
            token: rival,
            params: sample.params,
            fields: sample.body as Record<string, string>,
          })
        : await callOperationUnchecked(op, {
            token: rival,
            params: sample.params,
            query: sample.query,
            body: sample.body,
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
