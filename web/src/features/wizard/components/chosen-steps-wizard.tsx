import { useNavigate } from 'react-router-dom';
import type { TStepName } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import type { TWizardFlow } from '@/lib/wizard-step';
import { useDraftStore, type TDraftStore } from '../draft-store';
import { stepsWithLayers } from '../wizard-flow';
import { CampaignWizard, useStepAvailability } from './campaign-wizard';
import { TargetingLayersPage } from './targeting-layers-page';

/**
 * The linear wizard over the steps the store holds (chosen on the page before it: a template, the
 * targeting layers). Back on its first step empties them, which shows that page again.
 */
export function ChosenStepsWizard({ flow, title, store }: { flow: TWizardFlow; title: string; store: TDraftStore }) {
  return (
    <CampaignWizard
      flow={flow}
      title={title}
      store={store}
      steps={store.steps}
      nonLinear={false}
      onBack={() => store.setSteps([])}
    />
  );
}

/**
 * A route that first offers the seven targeting layers (001 §2: Custom campaign, Create Campaign
 * Template), then the wizard with the flow's fixed steps and the chosen layers. `onLayersChosen` runs
 * before the wizard starts.
 */
export function LayersThenWizard({
  flow,
  heading,
  title,
  onLayersChosen,
}: {
  flow: TWizardFlow;
  heading: string;
  title: string;
  onLayersChosen?: (layers: TStepName[]) => void;
}) {
  const navigate = useNavigate();
  const store = useDraftStore();
  const available = useStepAvailability();

  if (store.steps.length === 0) {
    return (
      <TargetingLayersPage
        heading={heading}
        available={available}
        onBack={() => navigate(paths.dashboard.getHref())}
        onStart={(layers) => {
          onLayersChosen?.(layers);
          store.setProgress(() => ({ active: null, done: [] }));
          store.setSteps(stepsWithLayers(flow, layers));
        }}
      />
    );
  }
  return <ChosenStepsWizard flow={flow} title={title} store={store} />;
}
