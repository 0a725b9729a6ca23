import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../support/logger';
import { createMailSimulator } from './mail';
import { serve } from './test-server';

const dir = mkdtempSync(join(tmpdir(), 'mail-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mail simulator', () => {
  it('stores sent messages, lists them newest first, filters by recipient, and keeps them across restarts', async () => {
    // Prepare
    const stateFile = join(dir, 'mail.json');
    const first = await serve(createMailSimulator({ stateFile, logger: createLogger('silent') }).server);
    const send = (to: string, subject: string) =>
      fetch(`${first.url}/outbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'billing@bidgrid.local', to, subject, html: '<p>Invoice</p>' }),
      });
    // Act
    const accepted = await send('a@acme.example', 'Invoice 1');
    await send('b@acme.example', 'Invoice 2');
    const invalid = await fetch(`${first.url}/outbox`, { method: 'POST', body: JSON.stringify({ to: 'x' }) });
    await first.close();
    const second = await serve(createMailSimulator({ stateFile, logger: createLogger('silent') }).server);
    const all = (await (await fetch(`${second.url}/outbox`)).json()) as { messages: Array<{ subject: string }> };
    const forA = (await (await fetch(`${second.url}/outbox?to=A@acme.example`)).json()) as { messages: unknown[] };
    const health = await (await fetch(`${second.url}/health`)).json();
    await second.close();
    // Assess
    expect(accepted.status).toBe(202);
    expect(invalid.status).toBe(400);
    expect(all.messages.map((m) => m.subject)).toEqual(['Invoice 2', 'Invoice 1']);
    expect(forA.messages).toHaveLength(1);
    expect(health).toEqual({ status: 'ok', vendor: 'mail' });
  });
});
