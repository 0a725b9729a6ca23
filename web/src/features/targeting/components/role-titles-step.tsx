import { Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import type { TRoleType } from '@bidgrid/shared/targeting/role-title.schema';
import { roleTitlesGate } from '@bidgrid/shared/campaigns/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useRoleTitles } from '../api/role-titles-queries';
import { chosenRoles, reconcileSelections } from '../role-selection';
import { RoleTitlePicker } from './role-title-picker';

/** Ours: the step's loading and failure texts. */
export const ROLES_LOADING = 'Loading roles and titles…';
export const ROLES_LOAD_FAILED = 'The roles and titles could not be loaded. Please, reload the page to try again.';

/** The catalogue while it loads, or its failure (the step's and the Roles and Titles page's). */
export function RoleCatalogStatus({ loading }: { loading: boolean }) {
  return loading ? (
    <Stack direction="row" align="center" gap="3" role="status">
      <Spinner size="sm" />
      <Text>{ROLES_LOADING}</Text>
    </Stack>
  ) : (
    <Text role="alert" color="fg.error">
      {ROLES_LOAD_FAILED}
    </Text>
  );
}

const sameCatalog = (a: readonly TRoleType[], b: readonly TRoleType[]): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * The wizard's Role/Title step (001 §2), filling the `roleTitlesStep` slot: the catalogue of
 * `GET /roleTitle/getRoleTitleList` grouped by role type with a 'Select all' per type. Choices live in
 * the draft's `campaignCookieSets` keyed `roleTypeId:roleId` with each role's segments (the types'
 * "select all" keys too, so the boxes show again; the payload and the template drop them), the
 * catalogue in `roleTitleList`. Next needs at least one role.
 */
export function RoleTitlesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const query = useRoleTitles();
  const catalog = query.data;
  const selected = draft.campaignCookieSets;

  // The payload names roles through the draft's catalogue, and a draft seeded from a template holds
  // role keys only: both are completed from the catalogue as loaded.
  useEffect(() => {
    if (!catalog) return;
    updateDraft((current) => {
      const cookieSets = reconcileSelections(current.campaignCookieSets, catalog);
      const roleTitleList = sameCatalog(current.roleTitleList, catalog) ? current.roleTitleList : catalog;
      return cookieSets === current.campaignCookieSets && roleTitleList === current.roleTitleList
        ? current
        : { ...current, roleTitleList, campaignCookieSets: cookieSets };
    });
  }, [catalog, updateDraft]);

  // Without the catalogue, keys seeded from a template have no segments yet: going on would drop
  // those roles from the campaign's targeting without a word.
  const catalogReady = Boolean(catalog);
  const loadFailed = Boolean(query.error);
  useEffect(() => {
    setNextHandler(async () => {
      if (!catalogReady) return stay(loadFailed ? ROLES_LOAD_FAILED : ROLES_LOADING);
      const gate = roleTitlesGate(Object.keys(selected));
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [selected, catalogReady, loadFailed, setNextHandler]);

  if (query.loading || query.error || !catalog) return <RoleCatalogStatus loading={query.loading} />;

  const count = chosenRoles(catalog, selected).length;
  return (
    <Stack gap="5">
      <Text color="fg.muted" maxW="3xl">
        Choose the roles and titles of the people who see the ads.
      </Text>
      <Text aria-live="polite">{count === 1 ? '1 role selected' : `${count} roles selected`}</Text>
      <RoleTitlePicker
        catalog={catalog}
        selected={selected}
        disabled={busy}
        onChange={(change) =>
          updateDraft((current) => ({ ...current, campaignCookieSets: change(current.campaignCookieSets) }))
        }
      />
    </Stack>
  );
}
