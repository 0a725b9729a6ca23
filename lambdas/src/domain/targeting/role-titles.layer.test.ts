import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections, type TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { BadRequestError } from '../../kernel/errors';
import type { TLayerRequest } from '../campaigns/targeting-layers';
import { recordFixture } from '../test-fakes';
import { ROLE_LAYER_MESSAGES, ROLE_TITLES_FIELD, roleTitlesLayer } from './role-titles.layer';
import { memoryRoleCatalog } from './test-role-fakes';

function request(targeting: Partial<TTargetingSelections>): TLayerRequest {
  return {
    agencyId: 'bgAgency-demo',
    username: 'demo',
    advertiser: recordFixture(),
    bgCampaignId: 'bg-campaign-roles',
    maxBid: 25,
    targeting: ZTargetingSelections.parse(targeting),
    publicDomainLists: [],
    foundEmailsInfo: undefined,
  };
}

const role = (segment_key: string, roleTypeId?: string, roleId?: string) => ({
  role_name: 'A role',
  segment_key,
  ...(roleTypeId ? { roleTypeId } : {}),
  ...(roleId ? { roleId } : {}),
});

describe('roleTitlesLayer', () => {
  it('targets the chosen roles as one audience group of their segment keys, without duplicates', async () => {
    // Prepare: the CTO's two segments, the CFO's, and the CFO's again.
    const catalog = memoryRoleCatalog();
    const layer = roleTitlesLayer({ roleCatalog: catalog.repo });
    // Act
    const plan = await layer(
      request({
        role_title_segments: [
          role('seg-cto', 'IT', 'IT-CTO'),
          role('seg-cto-2', 'IT', 'IT-CTO'),
          role('seg-cfo', 'FIN', 'FIN-CFO'),
          role('seg-cfo'),
        ],
      }),
    );
    // Assess
    expect(plan.targeting).toEqual({ audiences: [['seg-cto', 'seg-cto-2', 'seg-cfo']] });
    expect(plan.make).toBeUndefined();
  });

  it('adds nothing and reads nothing when no role is chosen', async () => {
    // Prepare
    const catalog = memoryRoleCatalog();
    // Act
    const plan = await roleTitlesLayer({ roleCatalog: catalog.repo })(request({}));
    // Assess
    expect(plan.targeting).toEqual({});
    expect(catalog.calls.list).toBe(0);
  });

  it('refuses a segment key the catalogue does not hold, on the payload field', async () => {
    // Prepare
    const layer = roleTitlesLayer({ roleCatalog: memoryRoleCatalog().repo });
    // Act
    const outcome = layer(request({ role_title_segments: [role('seg-cio'), role('seg-made-up'), role('seg-x')] }));
    // Assess
    await expect(outcome).rejects.toBeInstanceOf(BadRequestError);
    await expect(outcome).rejects.toMatchObject({
      fieldErrors: { [ROLE_TITLES_FIELD]: [ROLE_LAYER_MESSAGES.unknown(['seg-made-up', 'seg-x'])] },
    });
  });

  it("refuses a segment sent with a role it is not a segment of (another role's key)", async () => {
    // Prepare: the CFO's segment claimed for the CIO.
    const layer = roleTitlesLayer({ roleCatalog: memoryRoleCatalog().repo });
    // Act
    const outcome = layer(request({ role_title_segments: [role('seg-cfo', 'IT', 'IT-CIO')] }));
    // Assess
    await expect(outcome).rejects.toMatchObject({
      fieldErrors: { [ROLE_TITLES_FIELD]: [ROLE_LAYER_MESSAGES.wrongRole(['seg-cfo'])] },
    });
  });
});
