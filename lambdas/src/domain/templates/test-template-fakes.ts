import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type { TCreativeTemplateRecord } from '../ad-groups/template-records.schema';
import type { CampaignTemplateRepository } from '../ports/campaign-template.port';
import type { TemplateRepository } from '../ports/template.port';
import { memoryPage } from '../test-fakes';

/** An ad-group template of the demo agency's Acme; override what a test varies. */
export function adGroupTemplateFixture(overrides: Partial<TAdGroupTemplate> = {}): TAdGroupTemplate {
  return {
    id: 'bg-ad-group-template-evergreen',
    bgAdvertiserId: 'bgAdvertiser-acme',
    createdBy: 'demo',
    name: 'Evergreen',
    description: '',
    adGroupType: 'image',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * In-memory ad-group templates with the real store's conditions: keyed by agency, a template id is
 * written once, a creative template only under a template that exists and only once.
 */
export function memoryAdGroupTemplates(templates: Array<[string, TAdGroupTemplate]> = []) {
  const byKey = new Map(templates.map(([agencyId, t]) => [`${agencyId}|${t.id}`, t]));
  const creatives = new Map<string, TCreativeTemplateRecord>();
  const repo: TemplateRepository = {
    listAdGroupTemplates: async (agencyId, advertiserId, page) =>
      memoryPage(
        [...byKey.entries()]
          .filter(([key, t]) => key.startsWith(`${agencyId}|`) && t.bgAdvertiserId === advertiserId)
          .map(([, t]) => t),
        page,
        `adGroupTemplates/${advertiserId}`,
      ),
    getAdGroupTemplate: async (agencyId, id) => byKey.get(`${agencyId}|${id}`) ?? null,
    listCreativeTemplates: async (agencyId, template, page) =>
      memoryPage(
        [...creatives.entries()]
          .filter(([key, c]) => key.startsWith(`${agencyId}|`) && c.adGroupTemplateId === template.id)
          .map(([, c]) => c),
        page,
        `creativeTemplates/${template.id}`,
      ),
    async putNewAdGroupTemplate(agencyId, template, items) {
      // Ids are reserved across agencies, as the store reserves them.
      if ([...byKey.values()].some((t) => t.id === template.id)) return false;
      if ([...creatives.values()].some((c) => items.some((i) => i.id === c.id))) return false;
      byKey.set(`${agencyId}|${template.id}`, template);
      for (const c of items) creatives.set(`${agencyId}|${c.id}`, c);
      return true;
    },
    async putNewCreativeTemplate(agencyId, template, creative) {
      if (!byKey.has(`${agencyId}|${template.id}`)) return 'no-template';
      if ([...creatives.values()].some((c) => c.id === creative.id)) return 'exists';
      creatives.set(`${agencyId}|${creative.id}`, creative);
      return 'ok';
    },
  };
  return { repo, byKey, creatives };
}

/**
 * In-memory campaign templates keyed by agency, owner and id, written once like the real store,
 * replaced only at the version read and refused beyond `maxBytes` of JSON as the real store refuses an
 * item too large.
 */
export function memoryCampaignTemplates(templates: TCampaignTemplate[] = [], maxBytes = 400_000) {
  const key = (t: Pick<TCampaignTemplate, 'agencyId' | 'createdBy' | 'id'>) => `${t.agencyId}|${t.createdBy}|${t.id}`;
  const byKey = new Map(templates.map((t) => [key(t), t]));
  const repo: CampaignTemplateRepository = {
    listCampaignTemplates: async (agencyId, username, page) =>
      memoryPage(
        [...byKey.values()].filter((t) => t.agencyId === agencyId && t.createdBy === username),
        page,
        `campaignTemplates/${username}`,
      ),
    getCampaignTemplate: async (agencyId, username, templateId) =>
      byKey.get(`${agencyId}|${username}|${templateId}`) ?? null,
    async putNewCampaignTemplate(template) {
      if (byKey.has(key(template))) return 'exists';
      if (JSON.stringify(template).length > maxBytes) return 'too-large';
      byKey.set(key(template), template);
      return 'ok';
    },
    async replaceCampaignTemplate(template, expectedUpdatedAt) {
      const stored = byKey.get(key(template));
      if (!stored || stored.updatedAt !== expectedUpdatedAt) return 'changed';
      if (JSON.stringify(template).length > maxBytes) return 'too-large';
      byKey.set(key(template), template);
      return 'ok';
    },
    deleteCampaignTemplate: async (agencyId, username, templateId) =>
      byKey.delete(`${agencyId}|${username}|${templateId}`),
  };
  return { repo, byKey };
}
