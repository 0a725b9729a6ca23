import { describe, expect, it } from 'vitest';
import { ABM_STEPS, PLAYBOOK_ICONS, STEPS } from '@bidgrid/shared/constants';
import { ZPlaybook } from '@bidgrid/shared/agency/playbook.schema';
import { PLAYBOOKS_SEED } from './playbooks.seed';

describe('PLAYBOOKS_SEED', () => {
  it('holds 3 to 4 valid playbooks with unique ids and icons', () => {
    expect(PLAYBOOKS_SEED.length).toBeGreaterThanOrEqual(3);
    expect(PLAYBOOKS_SEED.length).toBeLessThanOrEqual(4);
    for (const playbook of PLAYBOOKS_SEED) expect(ZPlaybook.parse(playbook)).toEqual(playbook);
    expect(new Set(PLAYBOOKS_SEED.map((p) => p.id)).size).toBe(PLAYBOOKS_SEED.length);
    expect(PLAYBOOKS_SEED.every((p) => (PLAYBOOK_ICONS as readonly string[]).includes(p.icon))).toBe(true);
  });

  it('uses the labels and orders of the wizard steps, with the fixed steps in every playbook', () => {
    for (const playbook of PLAYBOOKS_SEED) {
      for (const step of playbook.campaignSteps) {
        expect(step).toEqual({ name: step.name, order: STEPS[step.name].order, label: STEPS[step.name].label });
      }
      const names = playbook.campaignSteps.map((s) => s.name);
      expect(names[0]).toBe('select advertiser');
      expect(names[1]).toBe('campaign details');
      expect(names.slice(-3)).toEqual(['landing page', 'ad group page', 'summary page']);
    }
  });

  it('starts with the ABM flow of 001 §2', () => {
    expect(PLAYBOOKS_SEED[0]?.campaignSteps.map((s) => s.name)).toEqual(ABM_STEPS);
  });
});
