import { describe, expect, it } from 'vitest';
import { ABM_STEPS, type TStepName } from '@bidgrid/shared/constants';
import {
  canOpenStep,
  flowSteps,
  LAST_STEP_LABEL,
  optionalSteps,
  sortSteps,
  stepEntry,
  stepsWithLayers,
} from './wizard-flow';

const names = (steps: ReadonlyArray<{ name: TStepName }>): TStepName[] => steps.map((step) => step.name);
const all = (): boolean => true;

describe('wizard flows', () => {
  it('sorts steps by order, keeps the chosen order among equal orders and drops duplicates', () => {
    // Prepare
    const steps = [
      'summary page',
      'CRM retargeting segments',
      'state provinces',
      'select advertiser',
      'summary page',
    ].map((name) => stepEntry(name as TStepName));

    // Act
    const sorted = sortSteps(steps);

    // Assess
    expect(names(sorted)).toEqual(['select advertiser', 'CRM retargeting segments', 'state provinces', 'summary page']);
  });

  it('builds the custom and template step lists from the fixed steps and the chosen layers', () => {
    // Act
    const custom = stepsWithLayers('custom', ['zip codes', 'target companies']);
    const template = stepsWithLayers('createTemplate', ['role titles']);

    // Assess
    expect(names(custom)).toEqual([
      'select advertiser',
      'campaign details',
      'target companies',
      'zip codes',
      'landing page',
      'ad group page',
      'summary page',
    ]);
    expect(names(template)).toEqual([
      'select advertiser',
      'campaign template details',
      'role titles',
      'landing page',
      'ad group page',
      'summary page',
    ]);
    expect(template[1]?.label).toBe('Campaign Template Details');
    expect(optionalSteps(custom)).toEqual(['target companies', 'zip codes']);
  });

  it('drops steps without a screen from a playbook or the ABM list, keeping the ABM order', () => {
    // Prepare: only Target Companies of the optional layers has a screen.
    const abm = ABM_STEPS.map(stepEntry);
    const available = (name: TStepName): boolean =>
      !['CRM retargeting segments', 'role titles', 'zip codes'].includes(name);

    // Act
    const steps = flowSteps('managed', abm, available);

    // Assess
    expect(names(steps)).toEqual([
      'select advertiser',
      'campaign details',
      'target companies',
      'landing page',
      'ad group page',
      'summary page',
    ]);
  });

  it('says the last step per flow', () => {
    expect(LAST_STEP_LABEL).toEqual({
      managed: 'Create Campaign',
      custom: 'Create',
      fromTemplate: 'Create Campaign',
      createTemplate: 'Create Template',
      editTemplate: 'Save',
    });
  });

  it('lets an ABM step be clicked only when it or the step before it is done; linear flows never', () => {
    // Prepare
    const steps = flowSteps('managed', ABM_STEPS.map(stepEntry), all);
    const done = new Set<TStepName>(['select advertiser', 'campaign details']);

    // Act
    const open = steps.map((_, index) => canOpenStep(steps, index, done, true));
    const linear = steps.map((_, index) => canOpenStep(steps, index, done, false));

    // Assess: 1-2 done, 3 follows a done step, 4 and later do not.
    expect(open).toEqual([true, true, true, false, false, false, false, false]);
    expect(linear.every((value) => !value)).toBe(true);
  });
});
