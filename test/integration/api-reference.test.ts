import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { advertiser, campaign, crmCard, health } from '@bidgrid/shared';
import type { TJsonSchema } from '@bidgrid/shared/api/openapi/json-schema';
import {
  API_REFERENCE_PATH,
  type TOpenApiDocument,
  type TResponse,
} from '@bidgrid/shared/api/openapi/openapi-document';
import { openApiProblems, resolvePointer } from '@bidgrid/shared/test/openapi-structure';
import {
  REALTIME_REFERENCE_PATH,
  referencePageContentSecurityPolicy,
} from '@bidgrid/shared/api/openapi/reference-page';
import { kebabName, type AnyOperation } from '@bidgrid/shared/api/operation';
import { operations } from '@bidgrid/shared/api/operations';
import { realtimeEvents } from '@bidgrid/shared/realtime/events';
import { accessTokenFor, callOperationUnchecked, request, type ApiReply } from '../support/api';
import { repoRoot } from '../support/spawn-stack';
import { stackInfo } from '../support/stack';
import { DEMO_IDS } from './security/samples';

/** The API's description as the running stack serves it, at the API's own origin. */

let document: TOpenApiDocument;

beforeAll(async () => {
  const res = await fetch(`${stackInfo().apiUrl}/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as TOpenApiDocument;
});

const handlerExists = (op: AnyOperation): boolean =>
  existsSync(join(repoRoot, 'lambdas', 'src', 'http', `${kebabName(op.name)}.handler.ts`));

const operationOf = (op: AnyOperation) => document.paths[op.path]?.[op.method.toLowerCase() as 'get'];

/** A schema with its reference followed (one level: the document's components point at no further refs here). */
const followed = (schema: TJsonSchema): TJsonSchema =>
  typeof schema['$ref'] === 'string' ? (resolvePointer(document, schema['$ref']) as TJsonSchema) : schema;

/**
 * What is wrong with a real reply against what the document says the operation answers with that
 * status: the status listed, the body's required fields present, its constants and nulls held.
 */
function mismatch(op: AnyOperation, reply: ApiReply): string | null {
  const listed = operationOf(op)?.responses[String(reply.status)];
  if (!listed) return `${op.name}: status ${reply.status} is not documented`;
  const response = ('$ref' in listed ? resolvePointer(document, listed.$ref) : listed) as TResponse;
  const schema = followed(response.content?.['application/json']?.schema ?? {});
  const candidates = Array.isArray(schema['anyOf']) ? (schema['anyOf'] as TJsonSchema[]).map(followed) : [schema];
  const body = reply.body as Record<string, unknown>;
  const fits = (candidate: TJsonSchema): boolean => {
    const required = (candidate['required'] ?? []) as string[];
    const properties = (candidate['properties'] ?? {}) as Record<string, TJsonSchema>;
    return (
      required.every((key) => key in body) &&
      Object.entries(properties).every(([key, property]) => {
        if (!(key in body)) return true;
        if (property['const'] !== undefined) return body[key] === property['const'];
        if (property['type'] === 'null') return body[key] === null;
        if (property['type'] === 'string') return typeof body[key] === 'string';
        return true;
      })
    );
  };
  return candidates.some(fits) ? null : `${op.name} ${reply.status}: ${JSON.stringify(body)} fits no documented body`;
}

describe('the API description the local stack serves', () => {
  it('is a sound OpenAPI 3.1 document naming this stack as its server', async () => {
    // Assess
    expect(await openApiProblems(document)).toEqual([]);
    expect(document.servers[0]?.url).toBe(stackInfo().apiUrl);
    expect(document['x-websocket'].url).toBe(stackInfo().wsUrl);
  });

  it('has every operation of the table, and says which have no handler yet', () => {
    for (const op of operations) {
      // Act
      const operation = operationOf(op);
      // Assess
      expect(operation?.operationId, op.name).toBe(op.name);
      expect(operation?.['x-implemented'], op.name).toBe(handlerExists(op));
    }
    const documented = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(documented).toHaveLength(operations.length);
  });

  it('is what `npm run openapi` writes without a stack, for the same URLs', () => {
    // Act
    const offline = execFileSync(
      process.execPath,
      ['--import', 'tsx', 'cdk/bin/openapi.ts', '--api-url', stackInfo().apiUrl, '--ws-url', stackInfo().wsUrl],
      { cwd: repoRoot, encoding: 'utf8' },
    );

    // Assess
    expect(JSON.parse(offline)).toEqual(document);
  });

  it('has every realtime event', () => {
    expect(Object.keys(document['x-websocket'].actions)).toEqual(realtimeEvents.map((event) => event.name));
  });

  it('serves the reference pages, every operation on the page the overview links it to, under their policy', async () => {
    // Prepare
    const page = async (path: string) => {
      const res = await fetch(`${stackInfo().apiUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy'), path).toBe(referencePageContentSecurityPolicy());
      return res.text();
    };
    // Act
    const index = await page(API_REFERENCE_PATH);
    const linked = new Map(
      [...index.matchAll(/href="(\/reference\/[a-z0-9-]+)#op-(\w+)"/g)].map((m) => [m[2] as string, m[1] as string]),
    );
    const realtime = await page(REALTIME_REFERENCE_PATH);
    // Assess
    const pages = new Map<string, string>();
    for (const op of operations) {
      const path = linked.get(op.name);
      expect(path, op.name).toBeDefined();
      if (!pages.has(path ?? '')) pages.set(path ?? '', await page(path ?? ''));
      expect(pages.get(path ?? ''), op.name).toContain(`id="op-${op.name}"`);
    }
    for (const event of realtimeEvents) expect(realtime, event.name).toContain(`id="ws-${event.name}"`);
  });
});

describe('the replies the API really gives, held against the document', () => {
  it('answers success in the documented envelope', async () => {
    // Act
    const reply = await callOperationUnchecked(health.getHealth);
    // Assess
    expect(reply.status).toBe(200);
    expect(mismatch(health.getHealth, reply)).toBeNull();
  });

  it("answers API Gateway's 401 to a call without a token, and the signature 401 to an unsigned card call", async () => {
    // Act
    const user = await callOperationUnchecked(campaign.getCampaign, { params: { id: DEMO_IDS.campaign } });
    const card = await callOperationUnchecked(crmCard.listCrmCardCampaigns, { query: { portalId: '4410001' } });
    // Assess
    expect([user.status, card.status]).toEqual([401, 401]);
    expect(mismatch(campaign.getCampaign, user)).toBeNull();
    expect(mismatch(crmCard.listCrmCardCampaigns, card)).toBeNull();
    expect(user.body).toHaveProperty('message');
    expect(card.body).toMatchObject({ success: false, payload: null });
  });

  it('answers 400 with field errors, and 404 for an id that is nobody’s, as documented', async () => {
    // Prepare
    const token = await accessTokenFor('demo');
    // Act
    const invalid = await callOperationUnchecked(campaign.listCampaignsByAdvertiser, {
      token,
      params: { advertiserId: DEMO_IDS.advertiserWithCard },
      query: { limit: '0' },
    });
    const missing = await callOperationUnchecked(campaign.getCampaign, {
      token,
      params: { id: 'bg-campaign-nobody-has-this' },
    });
    // Assess
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toHaveProperty('limit');
    expect(mismatch(campaign.listCampaignsByAdvertiser, invalid)).toBeNull();
    expect(missing.status).toBe(404);
    expect(mismatch(campaign.getCampaign, missing)).toBeNull();
  });

  it('answers 415 to a body of another type, as documented', async () => {
    // Act
    const reply = await request(advertiser.createAdvertiser.method, advertiser.createAdvertiser.path, {
      token: await accessTokenFor('demo'),
      body: { name: 'x' },
      headers: { 'content-type': 'text/plain' },
    });
    // Assess
    expect(reply.status).toBe(415);
    expect(mismatch(advertiser.createAdvertiser, reply)).toBeNull();
  });
});
