import { LayersThenWizard } from '../components/chosen-steps-wizard';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Create Campaign Template at /create-campaign-template (001 §2): the same seven options, then the
 * wizard with 'Campaign Template Details', ending with 'Create Template'.
 */
export function Component() {
  return <LayersThenWizard flow="createTemplate" heading={W.templateHeading} title="Create Campaign Template" />;
}
