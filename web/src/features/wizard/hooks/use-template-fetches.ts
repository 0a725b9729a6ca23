import { useCallback } from 'react';
import type { TCampaignTemplate } from '@bidgrid/shared/entities/campaign-template.schema';
import { useTemplateAdGroupCall, useTemplateRoleTitlesCall } from '../api/wizard-calls';
import type { TTemplateFetches } from '../template-draft';

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
