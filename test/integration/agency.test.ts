import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { agency } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../support/api';

const { getAgencyAssignedToUser, createAgency, getPlaybooks } = agency;

describe('GET /api/agency/agencyassignedtouser/{username}', () => {
  it("answers the caller's own agency", async () => {
    const reply = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('demo'),
      params: { username: 'demo' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({ agencyId: 'bgAgency-demo', name: 'Demo Agency' });
  });

  it("ignores another user's name in the path", async () => {
    const reply = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('rival'),
      params: { username: 'demo' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload?.agencyId).toBe('bgAgency-rival');
  });
});

describe('POST /public/agency/create', () => {
  const body = (suffix: string) => ({
    agencyId: `bgAgency-${suffix}`,
    name: `Agency ${suffix}`,
    email: `owner-${suffix}@example.com`,
    createdBy: `owner-${suffix}`,
    users: [`owner-${suffix}`],
  });

  it('needs a token', async () => {
    const reply = await callOperation(createAgency, { body: body(randomUUID()) });
    expect(reply.status).toBe(401);
  });

  it('refuses a caller who is not on the allow-list', async () => {
    const reply = await callOperation(createAgency, { token: await accessTokenFor('demo'), body: body(randomUUID()) });
    expect(reply.status).toBe(403);
    expect(reply.body.success).toBe(false);
  });

  it('answers 400 with field errors for a bad body', async () => {
    const reply = await callOperation(createAgency, {
      token: await accessTokenFor('ops-admin'),
      body: { agencyId: 'nope', name: '', email: 'not-an-email', createdBy: 'x', users: [] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(expect.arrayContaining(['agencyId', 'email', 'name']));
  });

  it('creates an agency for an allow-listed user and never overwrites it', async () => {
    const token = await accessTokenFor('ops-admin');
    const first = body(randomUUID());
    const created = await callOperation(createAgency, { token, body: first });
    expect(created.status).toBe(200);
    expect(created.body.payload).toMatchObject({ agencyId: first.agencyId, users: first.users });

    const again = await callOperation(createAgency, { token, body: { ...first, name: 'Overwritten' } });
    expect(again.status).toBe(409);
    expect(again.body.success).toBe(false);
  });

  it('does not move a user who already belongs to an agency', async () => {
    const token = await accessTokenFor('ops-admin');
    const reply = await callOperation(createAgency, {
      token,
      body: { ...body(randomUUID()), createdBy: 'demo', users: ['demo'] },
    });
    expect(reply.status).toBe(409);
    const own = await callOperation(getAgencyAssignedToUser, {
      token: await accessTokenFor('demo'),
      params: { username: 'demo' },
    });
    expect(own.body.payload?.agencyId).toBe('bgAgency-demo');
  });
});

describe('GET /api/playBooks', () => {
  it('lists the seeded playbooks in order with their steps', async () => {
    const reply = await callOperation(getPlaybooks, { token: await accessTokenFor('demo') });
    expect(reply.status).toBe(200);
    const playbooks = reply.body.payload ?? [];
    expect(playbooks.length).toBeGreaterThanOrEqual(3);
    for (const p of playbooks) {
      expect(p.title.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(0);
      expect(p.campaignSteps.length).toBeGreaterThan(0);
    }
  });
});
