import { ChosenStepsWizard } from '../components/chosen-steps-wizard';
import { TemplateManager } from '../components/template-manager';
import { useDraftStore } from '../draft-store';
import { isTemplateEdit } from '../template-draft';
import { WIZARD_MESSAGES as W } from '../wizard-messages';

/**
 * Manage campaign templates at /campaign-templates (001 §2, sidebar 'Edit Campaign Templates'): the
 * template cards, and once Edit Template's Continue has opened one, the wizard over the chosen steps
 * ending with 'Save' (the draft and steps live in session storage, so a reload keeps the edit). Back on
 * its first step returns to the cards. It lives with the wizard, whose draft and steps it runs.
 */
export function Component() {
  const store = useDraftStore();
  if (store.steps.length > 0 && isTemplateEdit(store.draft, store.steps)) {
    return <ChosenStepsWizard flow="editTemplate" title={W.editWizardTitle} store={store} />;
  }
  return <TemplateManager store={store} />;
}
