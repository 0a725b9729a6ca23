import { useCallback, useState } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import { todayIso } from '@bidgrid/shared/common/iso-date';
import { useTemplateAdGroupCall, useTemplateRoleTitlesCall } from '../api/wizard-calls';
import type { TDraftStore } from '../draft-store';
import { draftForTemplateFlow, type TTemplateFetches } from '../template-draft';

/**
 * What opening a template fetches (001 §4 "Template edit"): the ad group by the template's selected
 * ad-group template id and the role titles for the template id, both at once. A failed fetch is only
 * logged (001 §8: template fetch failures; the API client has shown its toast) and the template's own
 * data is used instead, so the user can still go on and choose again in the step.
 */
export function useTemplateFetches(): (template: TCampaignTemplate) => Promise<TTemplateFetches> {
  const { mutate: fetchAdGroup } = useTemplateAdGroupCall();
  const { mutate: fetchRoles } = useTemplateRoleTitlesCall();
  return useCallback(
    async (template) => {
      const logged = (what: string) => (error: unknown) => {
        console.error(`The ${what} of template ${template.id} could not be read`, error);
        return null;
      };
      const adGroupId = template.selectedAdGroupTemplate;
      const [adGroupTemplate, roleTitles] = await Promise.all([
        adGroupId ? fetchAdGroup({ params: { id: adGroupId } }).catch(logged('ad group')) : Promise.resolve(null),
        fetchRoles({ params: { id: template.id } }).catch(logged('role titles')),
      ]);
      return { adGroupTemplate, roleTitles };
    },
    [fetchAdGroup, fetchRoles],
  );
}

/**
 * Opens a template in the wizard (Create from template's Get Started, Edit Template's Continue): fetches
 * what it needs (`useTemplateFetches`), seeds the draft for the flow and puts the draft and its steps in
 * the store, from the first step. `opening` is true meanwhile.
 */
export function useOpenTemplate(store: TDraftStore, advertisers: readonly TAdvertiser[]) {
  const fetchFor = useTemplateFetches();
  const [opening, setOpening] = useState(false);
  const open = async (template: TCampaignTemplate, flow: Parameters<typeof draftForTemplateFlow>[3]): Promise<void> => {
    setOpening(true);
    try {
      const fetched = await fetchFor(template);
      const { draft, steps } = draftForTemplateFlow(template, advertisers, todayIso(), flow, fetched);
      store.replaceDraft(draft);
      store.setProgress(() => ({ active: null, done: [] }));
      store.setSteps(steps);
    } finally {
      setOpening(false);
    }
  };
  return { opening, open };
}
