import { useLocation, useNavigate } from 'react-router-dom';
import { STORAGE_KEYS } from '@bidgrid/shared/constants';
import { paths } from '@/config/paths';
import { abmFlowSteps } from '@/lib/campaign-flow';
import { CampaignWizard } from '../components/campaign-wizard';
import { useDraftStore } from '../draft-store';
import { titleFromState } from './route-title';

/**
 * Managed campaign wizard at /campaigns/create/managed (001 §1, §2): the ABM card and sidebar entry
 * (the fixed ABM step list, non-linear) and the playbook cards (their steps). The card's title comes
 * in router state. Opened without a stored step list (a bookmark), it runs the ABM list.
 */
export function Component() {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useDraftStore();
  const steps = store.steps.length > 0 ? store.steps : abmFlowSteps;
  const nonLinear = store.steps.length === 0 || localStorage.getItem(STORAGE_KEYS.isDynamicABA) === 'true';
  return (
    <CampaignWizard
      flow="managed"
      title={titleFromState(location.state, 'ABM Campaign')}
      store={store}
      steps={steps}
      nonLinear={nonLinear}
      onBack={() => navigate(paths.dashboard.getHref())}
    />
  );
}
