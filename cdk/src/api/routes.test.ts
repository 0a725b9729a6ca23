import { describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import type { HttpMethod } from '@bidgrid/shared/api/operation';
import { operations } from '@bidgrid/shared/api/operations';
import { featureOf, planRoutes } from './routes';

const op = (name: string, method: HttpMethod, path: string) =>
  defineOperation({ name, method, path, auth: 'user', response: z.null(), summary: name, specRef: 'test' });

describe('route plan', () => {
  it('accepts the operation table and puts every operation in one feature', () => {
    // Act
    const plan = planRoutes(operations);

    // Assess
    expect(plan.routes).toHaveLength(operations.length);
    expect(new Set(plan.routes.map((r) => r.feature))).toEqual(new Set(plan.features));
    expect([...plan.methodsByPath.values()].flat()).toHaveLength(operations.length);
  });

  it('groups by the first segment after /api or /public, case-insensitively', () => {
    expect(featureOf(op('a', 'GET', '/api/adGroups/{id}'))).toBe('adgroups');
    expect(featureOf(op('b', 'POST', '/api/adgroups/create'))).toBe('adgroups');
    expect(featureOf(op('c', 'POST', '/public/agency/create'))).toBe('agency');
  });

  it('refuses what API Gateway would refuse, naming every operation at fault', () => {
    // Prepare
    const table = [
      op('getThing', 'GET', '/api/thing/{id}'),
      op('getThingByOwner', 'GET', '/api/thing/{ownerId}'),
      op('getThingAgain', 'GET', '/api/thing/{id}'),
      op('outside', 'GET', '/internal/x'),
      op('badSegment', 'GET', '/api/thing/a b'),
    ];

    // Act + Assess
    expect(() => planRoutes(table)).toThrow(
      [
        'The operation table cannot be deployed:',
        '- getThingByOwner: /api/thing/{ownerId} conflicts with /api/thing/{id} of getThing',
        '- getThingAgain: GET /api/thing/{id} is already getThing',
        '- outside: path /internal/x is not under /api or /public',
        '- badSegment: bad segment "a b" in /api/thing/a b',
      ].join('\n'),
    );
  });

  it('lists each path once with all its methods (one CORS preflight per path)', () => {
    // Act
    const plan = planRoutes([op('get', 'GET', '/api/t/{id}'), op('put', 'PUT', '/api/t/{id}')]);

    // Assess
    expect([...plan.methodsByPath.entries()]).toEqual([['/api/t/{id}', ['GET', 'PUT']]]);
  });
});
