import { useLocation } from 'react-router-dom';
import { CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS, STORAGE_KEYS } from '@bidgrid/shared/constants';
import { LayersThenWizard } from '../components/chosen-steps-wizard';
import { WIZARD_MESSAGES as W } from '../wizard-messages';
import { titleFromState } from './route-title';

/**
 * Custom campaign at /campaigns/create/custom (001 §2): the seven targeting layers, then the wizard with
 * the fixed steps and the chosen layers. Choosing Company Domain sets customCampaignType = companyIps in
 * local storage, otherwise it is removed. Back on the wizard's first step returns to the choice.
 */
export function Component() {
  const location = useLocation();
  return (
    <LayersThenWizard
      flow="custom"
      heading={W.customHeading}
      title={titleFromState(location.state, 'Custom Campaign')}
      onLayersChosen={(layers) => {
        if (layers.includes('target companies')) {
          localStorage.setItem(STORAGE_KEYS.customCampaignType, CUSTOM_CAMPAIGN_TYPE_COMPANY_IPS);
        } else {
          localStorage.removeItem(STORAGE_KEYS.customCampaignType);
        }
      }}
    />
  );
}
