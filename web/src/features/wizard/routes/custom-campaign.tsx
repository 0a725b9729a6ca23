import { useLocation, useNavigate } from 'react-router-dom';
import { CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS, STORAGE_KEYS } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { CampaignWizard, useStepAvailability } from '../components/campaign-wizard';
import { TargetingLayersPage } from '../components/targeting-layers-page';
import { useDraftStore } from '../draft-store';
import { stepsWithLayers } from '../wizard-flow';
import { WIZARD_MESSAGES as W } from '../wizard-messages';
import { titleFromState } from './route-title';

/**
 * Custom campaign at /campaigns/create/custom (001 §2): the seven targeting layers, then the wizard with
 * the fixed steps and the chosen layers. Choosing Company Domain sets customCampaignType = companyIps in
 * local storage, otherwise it is removed. Back on the wizard's first step returns to the choice.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useDraftStore();
  const available = useStepAvailability();

  if (store.steps.length === 0) {
    return (
      <TargetingLayersPage
        heading={W.customHeading}
        available={available}
        onBack={() => navigate(paths.dashboard.getHref())}
        onStart={(layers) => {
          if (layers.includes('target companies')) {
            localStorage.setItem(STORAGE_KEYS.customCampaignType, CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS);
          } else {
            localStorage.removeItem(STORAGE_KEYS.customCampaignType);
          }
          store.setProgress(() => ({ active: null, done: [] }));
          store.setSteps(stepsWithLayers('custom', layers));
        }}
      />
    );
  }
  return (
    <CampaignWizard
      flow="custom"
      title={titleFromState(location.state, 'Custom Campaign')}
      store={store}
      steps={store.steps}
      nonLinear={false}
      onBack={() => store.setSteps([])}
    />
  );
}
