import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CampaignWizard, useStepAvailability } from '../components/campaign-wizard';
import { TargetingLayersPage } from '../components/targeting-layers-page';
import { useDraftStore } from '../draft-store';
import { stepsWithLayers } from '../wizard-flow';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Create Campaign Template at /create-campaign-template (001 §2): the same seven options, then the
 * wizard with 'Campaign Template Details', ending with 'Create Template'.
 */
export function Component() {
  const navigate = useNavigate();
  const store = useDraftStore();
  const available = useStepAvailability();

  if (store.steps.length === 0) {
    return (
      <TargetingLayersPage
        heading={W.templateHeading}
        available={available}
        onBack={() => navigate(paths.dashboard.getHref())}
        onStart={(layers) => {
          store.setProgress(() => ({ active: null, done: [] }));
          store.setSteps(stepsWithLayers('createTemplate', layers));
        }}
      />
    );
  }
  return (
    <CampaignWizard
      flow="createTemplate"
      title="Create Campaign Template"
      store={store}
      steps={store.steps}
      nonLinear={false}
      onBack={() => store.setSteps([])}
    />
  );
}
