import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { JsonStore } from '../support/json-store';
import type { Logger } from '../support/logger';
import { createSimulatorServer, type SimRoute } from './simulator-server';

/** A message the app sent. */
export interface OutboxMessage {
  readonly id: string;
  readonly from: string;
  readonly to: string[];
  readonly subject: string;
  readonly html: string | null;
  readonly text: string | null;
  readonly receivedAt: string;
}

const isEmail = (value: unknown): value is string => typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value);

/**
 * The mail outbox (SES locally): `POST /outbox` `{from, to, subject, html?, text?}` stores a
 * message (202 `{id, receivedAt}`); `GET /outbox[?to=]` lists them newest first (`{messages}`);
 * `GET /outbox/{id}` shows one; `DELETE /outbox` empties it.
 */
export function createMailSimulator(options: { stateFile?: string; logger: Logger }): {
  server: Server;
  store: JsonStore<{ messages: OutboxMessage[] }>;
} {
  const store = new JsonStore<{ messages: OutboxMessage[] }>(options.stateFile, () => ({ messages: [] }));
  const routes: SimRoute[] = [
    {
      method: 'POST',
      pattern: '/outbox',
      handle: (req) => {
        const input = req.json();
        const to = Array.isArray(input.to) ? input.to : [input.to];
        const problems: string[] = [];
        if (!isEmail(input.from)) problems.push('from must be an e-mail address');
        if (to.length === 0 || !to.every(isEmail)) problems.push('to must be one or more e-mail addresses');
        if (typeof input.subject !== 'string' || !input.subject) problems.push('subject is required');
        if (typeof input.html !== 'string' && typeof input.text !== 'string') problems.push('html or text is required');
        if (problems.length > 0) return { status: 400, body: { message: problems.join('; ') } };
        const message: OutboxMessage = {
          id: randomUUID(),
          from: input.from as string,
          to: to as string[],
          subject: input.subject as string,
          html: typeof input.html === 'string' ? input.html : null,
          text: typeof input.text === 'string' ? input.text : null,
          receivedAt: now().toISOString(),
        };
        store.update((s) => {
          s.messages.push(message);
        });
        return { status: 202, body: { id: message.id, receivedAt: message.receivedAt } };
      },
    },
    {
      method: 'GET',
      pattern: '/outbox',
      handle: (req) => {
        const to = req.query.get('to')?.toLowerCase();
        const messages = store.data.messages
          .filter((m) => !to || m.to.some((t) => t.toLowerCase() === to))
          .slice()
          .reverse();
        return { status: 200, body: { messages } };
      },
    },
    {
      method: 'GET',
      pattern: '/outbox/:id',
      handle: (req) => {
        const message = store.data.messages.find((m) => m.id === req.params.id);
        return message ? { status: 200, body: message } : { status: 404, body: { message: 'Message not found' } };
      },
    },
    {
      method: 'DELETE',
      pattern: '/outbox',
      handle: () => {
        store.update((s) => {
          s.messages = [];
        });
        return { status: 204 };
      },
    },
  ];
  return { server: createSimulatorServer('mail', routes, options.logger), store };
}
