import '../test-env';
import { describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '../test-events';
import { handler } from './get-sign-up-access.handler';

const ask = (username: string) =>
  handler(
    apiEvent({
      path: '/api/agency/signupaccess',
      claims: { username, sub: `sub-${username}`, token_use: 'access' },
    }),
    lambdaContext(),
  );

describe('GET /api/agency/signupaccess', () => {
  it('allows a user of the internal allow-list, whatever the case of the name', async () => {
    // Act
    const result = await ask('Ops-Admin');

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: { allowed: true }, error: null });
  });

  it('refuses every other user, without an error', async () => {
    // Act
    const result = await ask('demo');

    // Assess
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toEqual({ success: true, payload: { allowed: false }, error: null });
  });
});
