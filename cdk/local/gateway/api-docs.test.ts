import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from '@bidgrid/shared/zod';
import { defineOperation } from '@bidgrid/shared/api/operation';
import { listen } from '../support/ports';
import { createApiDocsRoute } from './api-docs';

const op = defineOperation({
  name: 'probe',
  method: 'GET',
  path: '/api/probe',
  auth: 'user',
  response: z.object({ ok: z.boolean() }),
  summary: 'A probe operation of the tests.',
  specRef: 'ours',
});

describe('createApiDocsRoute', () => {
  const implemented = new Set<string>();
  let server: Server;
  let base: string;

  beforeAll(async () => {
    const route = createApiDocsRoute(
      {
        urls: Promise.resolve({ apiUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:2/local' }),
        isImplemented: (operation) => implemented.has(operation.name),
        features: { probes: { op } },
      },
      [op],
    );
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://local').pathname;
      void route(req, res, path).then((handled) => {
        if (!handled) {
          res.writeHead(418);
          res.end();
        }
      });
    });
    base = `http://127.0.0.1:${await listen(server, 0, 'docs test')}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const probeOf = async () => {
    const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { 'x-implemented': boolean }>>;
    };
    return document.paths['/api/probe']?.['get'];
  };

  it('says an operation answers once its handler file is added, without a restart', async () => {
    // Prepare
    const before = await probeOf();
    // Act
    implemented.add('probe');
    const after = await probeOf();
    // Assess
    expect(before?.['x-implemented']).toBe(false);
    expect(after?.['x-implemented']).toBe(true);
  });

  it('leaves every other path to the gateway', async () => {
    // Act
    const res = await fetch(`${base}/api/probe`);
    // Assess
    expect(res.status).toBe(418);
  });

  it('answers a CORS preflight, so tools on other origins can read the document', async () => {
    // Act
    const res = await fetch(`${base}/openapi.json`, { method: 'OPTIONS' });
    // Assess
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
  });
});
