import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { campaign as campaignOps, roleTitle as roleTitleOps, template as templateOps } from '@bidgrid/shared';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { accessTokenFor, callOperation, callOperationUnchecked } from '../support/api';
import { bidderRows } from '../support/local-data';
import { creationPayload } from './campaigns.fixtures';

const { listRoleTitles, getCampaignTemplateRoleTitles } = roleTitleOps;
const { createCampaign, getCampaignTargetingSelections } = campaignOps;
const { createCampaignTemplate } = templateOps;

const ACME = 'bgAdvertiser-demo-acme';
const demo = () => accessTokenFor('demo');
const rival = () => accessTokenFor('rival');

async function catalog(token: string): Promise<TRoleType[]> {
  const reply = await callOperation(listRoleTitles, { token });
  expect(reply.status).toBe(200);
  return reply.body.payload ?? [];
}

/** A creation payload without a company layer (one line item, `{id}:all`) and the given roles. */
async function payload(
  token: string,
  roles: NonNullable<TCampaignCreate['targetingInfo']>['role_title_segments'],
): Promise<TCampaignCreate & { bgCampaignId: `bg-campaign-${string}` }> {
  return creationPayload(token, 'roles', {
    advertiserId: ACME,
    maxBid: 12,
    description: 'Made by the role tests',
    name: 'Roles push',
    targetingInfo: {
      geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }],
      role_title_segments: roles,
    },
    campaignType: 'custom',
  });
}

describe('role catalogue (GET /roleTitle/getRoleTitleList)', () => {
  it('answers the seeded B2B catalogue, the same to every agency, every role with a segment key', async () => {
    // Act
    const mine = await catalog(await demo());
    const theirs = await catalog(await rival());

    // Assess
    expect(mine.map((type) => type.roleType)).toEqual(
      expect.arrayContaining(['Information Technology', 'Finance', 'Marketing', 'Sales', 'Human Resources']),
    );
    expect(mine.flatMap((type) => type.roleSet).length).toBeGreaterThan(50);
    expect(mine.flatMap((type) => type.roleSet).every((role) => role.cookieSets.length > 0)).toBe(true);
    expect(theirs).toEqual(mine);
  });
});

describe('seeded campaign roles', () => {
  it("names the catalogue's roles with the catalogue's segment keys", async () => {
    // Prepare
    const token = await demo();
    const keys = new Map(
      (await catalog(token)).flatMap((type) =>
        type.roleSet.map((role) => [`${type.roleTypeId}:${role.roleId}`, role.cookieSets[0]?.segment_key]),
      ),
    );

    // Act
    const reply = await callOperation(getCampaignTargetingSelections, {
      token,
      params: { id: 'bg-campaign-demo-enterprise' },
    });

    // Assess
    const roles = reply.body.payload?.role_title_segments ?? [];
    expect(roles.map((role) => role.role_name)).toEqual(['Chief Technology Officer', 'VP of Operations']);
    for (const role of roles) expect(role.segment_key).toBe(keys.get(`${role.roleTypeId}:${role.roleId}`));
  });
});

describe('template roles (GET /roleTitle/campaignTemplate/{id})', () => {
  it("answers the roles of the caller's template, and 404 to another agency and for an unknown id", async () => {
    // Prepare
    const token = await demo();
    const created = await callOperation(createCampaignTemplate, {
      token,
      body: {
        templateName: `Roles ${randomUUID().slice(0, 6)}`,
        templateSteps: ['role titles'],
        dailyBudget: 40,
        maxBid: 25,
        bgAdvertiserId: ACME,
        name: 'Roles template',
        isVideoCampaign: false,
        roleTitles: [
          { roleTypeId: 'IT', roleId: 'IT-CTO' },
          { roleTypeId: 'FIN', roleId: 'FIN-CFO' },
        ],
      },
    });
    const id = created.body.payload?.id ?? '';

    // Act
    const own = await callOperation(getCampaignTemplateRoleTitles, { token, params: { id } });
    const other = await callOperationUnchecked(getCampaignTemplateRoleTitles, { token: await rival(), params: { id } });
    const unknown = await callOperationUnchecked(getCampaignTemplateRoleTitles, {
      token,
      params: { id: `${id}-missing` },
    });

    // Assess
    expect(created.status).toBe(200);
    expect(own.body.payload).toEqual([
      { roleTypeId: 'IT', roleId: 'IT-CTO' },
      { roleTypeId: 'FIN', roleId: 'FIN-CFO' },
    ]);
    expect(other.status).toBe(404);
    expect(unknown.status).toBe(404);
  });
});

describe('campaign creation with the Role/Title layer', () => {
  it("targets every line item at the chosen roles' segments, ORed, at the bidder", async () => {
    // Prepare: two roles of the seeded catalogue, as the wizard sends them.
    const token = await demo();
    const types = await catalog(token);
    const chosen = types.slice(0, 2).map((type) => {
      const role = type.roleSet[0];
      if (!role) throw new Error(`role type ${type.roleTypeId} has no roles`);
      return { type, role };
    });
    const roles = chosen.flatMap(({ type, role }) =>
      role.cookieSets.map((set) => ({
        role_name: role.role,
        segment_key: set.segment_key,
        roleTypeId: type.roleTypeId,
        roleId: role.roleId,
      })),
    );
    const body = await payload(token, roles);

    // Act
    const reply = await callOperation(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(200);
    const [expression] = await bidderRows('targeting_expression', { alternative_id: `${body.bgCampaignId}:all` });
    expect(expression?.['modules']).toMatchObject({
      geo: { all: { region: { any: [{ comparator: 'equals', value: 'USA/TX' }] } } },
      user: {
        all: {
          segment: {
            any: [{ comparator: 'boolean_expression', value: roles.map((r) => r.segment_key).join(' OR ') }],
          },
        },
      },
    });
  });

  it('refuses a segment key outside the catalogue with a field error, and makes nothing at the bidder', async () => {
    // Prepare
    const token = await demo();
    const body = await payload(token, [{ role_name: 'Made up', segment_key: 'not-a-role-segment' }]);

    // Act
    const reply = await callOperationUnchecked(createCampaign, { token, body });

    // Assess
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      success: false,
      fieldErrors: { 'targetingInfo.role_title_segments': [expect.stringContaining('not-a-role-segment')] },
    });
    expect(await bidderRows('campaign', { alternative_id: body.bgCampaignId })).toEqual([]);
  });
});
