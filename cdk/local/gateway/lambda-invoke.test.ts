import type { Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../support/logger';
import { listen } from '../support/ports';
import { createLambdaInvokeServer } from './lambda-invoke';

const gatekeeper = fileURLToPath(new URL('../test-fixtures/triggers/gatekeeper.trigger.ts', import.meta.url));

let server: Server;
let base = '';

beforeAll(async () => {
  server = createLambdaInvokeServer({
    functions: new Map([['PreSignUp', gatekeeper]]),
    ready: Promise.resolve(),
    logger: createLogger('warn'),
  });
  base = `http://127.0.0.1:${await listen(server, 0, 'lambda endpoint')}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const invokeFunction = (name: string, payload: unknown) =>
  fetch(`${base}/2015-03-31/functions/${name}/invocations`, { method: 'POST', body: JSON.stringify(payload) });

describe('local Lambda endpoint', () => {
  it("answers a handler's result as the Invoke API does", async () => {
    // Act
    const res = await invokeFunction('PreSignUp', { userName: 'allowed' });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBeNull();
    expect(await res.json()).toEqual({ userName: 'allowed', response: { autoConfirmUser: false } });
  });

  it('answers a thrown error as an unhandled function error carrying its message', async () => {
    // Act
    const res = await invokeFunction('PreSignUp', { userName: 'mallory' });

    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-function-error')).toBe('Unhandled');
    expect(await res.json()).toMatchObject({ errorType: 'Error', errorMessage: 'Refused mallory' });
  });

  it('answers 404 ResourceNotFoundException for an unknown function and a bad request for bad JSON', async () => {
    // Act
    const unknown = await invokeFunction('PostConfirmation', {});
    const malformed = await fetch(`${base}/2015-03-31/functions/PreSignUp/invocations`, { method: 'POST', body: '{' });

    // Assess
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-amzn-errortype')).toBe('ResourceNotFoundException');
    expect(malformed.status).toBe(400);
  });
});
