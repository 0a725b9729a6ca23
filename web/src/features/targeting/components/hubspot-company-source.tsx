import { Box, Button, Checkbox, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { COMPANY_SEARCH_PAGE_SIZE, COMPANY_SEARCH_START_AFTER } from '@bidgrid/shared/constants';
import type { TCompanyMatchResult, TFoundCompanyInfo } from '@bidgrid/shared/targeting/company.schema';
import type { TCompanySortValues, THubspotFilter, THubspotList } from '@bidgrid/shared/crm/crm.schema';
import { companiesListGate, hubspotTierGate } from '@bidgrid/shared/campaigns/step-gates';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { showGateToast } from '@/lib/toaster';
import { toggleItem, toggleMember } from '@/lib/toggle-item';
import { messageOf } from '@/lib/error-message';
import {
  useCompaniesFromList,
  useCompanySortValues,
  useHubspotCompanyLists,
  useTargetedCompanies,
} from '../api/hubspot-companies';
import { foundCompanyInfo, includedOf, initiallyIncluded, mergeMatchResults } from '../company-rows';
import { useMissExplanations } from '../use-miss-explanations';
import { CompanyMatchProgress, CompanyMatchResults } from './company-match-blocks';

/** The two HubSpot sources of Target Companies (001 §2). */
export type THubspotCompanySource = 'hubspotTiers' | 'hubspotLists';

/** 001 §8: a portal without lists or tiers; `{label}` is 'HubSpot Lists' or 'Profile Tiers'. */
export const noHubspotItemsText = (label: 'HubSpot Lists' | 'Profile Tiers'): string =>
  `No ${label} found linked to this advertiser's HubSpot Account.`;
/** 001 §2: the option adding `hs_is_target_account` EQ true to the tier filter. */
export const TARGET_ACCOUNTS_ONLY = 'Get Target Accounts Only';
/** Ours: the button that fetches the companies of the chosen tiers or lists. */
export const GET_COMPANIES = 'Get Companies';
/** Most tier-search pages read: HubSpot's search stops at 10,000 results (100 pages of 100). */
const MAX_TIER_PAGES = 100;
/** 001 §9: multi-select lists show at most 20 rows at once (each row about 2rem high). */
const LIST_BOX_MAX_HEIGHT = '40rem';

/** What a fetch chose, kept in the draft beside the companies (001 §3 `companySortValues`, `hubSpotLists`). */
export interface THubspotPicks {
  readonly companySortValues?: TCompanySortValues;
  readonly hubSpotLists?: THubspotList[];
}

export interface HubspotCompanySourceProps {
  readonly advertiserId: string;
  readonly source: THubspotCompanySource;
  /** Companies fetched before (the wizard's draft after a reload), shown until a new fetch. */
  readonly initial?: TFoundCompanyInfo | null;
  readonly disabled?: boolean;
  /** Hears the companies after each fetch and each include toggle, with what was picked. */
  readonly onChange?: (info: TFoundCompanyInfo, picks: THubspotPicks) => void;
}

/** The tier filter of 001 §2: the chosen tiers with operator IN, plus target accounts only when asked. */
export function tierFilters(tiers: readonly string[], targetAccountsOnly: boolean): THubspotFilter[] {
  return [
    { propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: [...tiers] },
    ...(targetAccountsOnly ? [{ propertyName: 'hs_is_target_account', operator: 'EQ' as const, value: 'true' }] : []),
  ];
}

/**
 * The HubSpot sources of Target Companies (001 §2) for a CRM-connected advertiser: HubSpot Tiers (the
 * portal's ideal-customer-profile tiers as checkboxes, with 'Get Target Accounts Only') or HubSpot Lists
 * (a multi-select of the portal's company lists). 'Get Companies' checks the gate ('Select a HubSpot Ideal
 * Customer Profile Tier.' / 'Select a List to get Companies.', 5 s), then fetches over the realtime channel
 * (every page of the tier search; each chosen list) with the loading text and progress, and shows the
 * matches table with include toggles. A portal without tiers or lists says so (001 §8).
 */
export function HubspotCompanySource({
  advertiserId,
  source,
  initial = null,
  disabled = false,
  onChange,
}: HubspotCompanySourceProps) {
  const sortValues = useCompanySortValues(source === 'hubspotTiers' ? advertiserId : null);
  const lists = useHubspotCompanyLists(source === 'hubspotLists' ? advertiserId : null);
  const tierSearch = useTargetedCompanies();
  const listFetch = useCompaniesFromList();
  const [tiers, setTiers] = useState<string[]>([]);
  const [targetsOnly, setTargetsOnly] = useState(false);
  const [listIds, setListIds] = useState<string[]>([]);
  const [result, setResult] = useState<TCompanyMatchResult | null>(initial && !initial.fromFile ? initial : null);
  const [included, setIncluded] = useState<Set<string>>(() =>
    initial && !initial.fromFile ? includedOf(initial) : new Set(),
  );
  const [picks, setPicks] = useState<THubspotPicks>({});
  const [fetching, setFetching] = useState<{ step: number; of: number | null; what: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Misses the match left `no-ranges` are explained in the background, like a CSV's: the explained
  // match goes to the draft with the include flags and picks of that moment.
  const latest = useRef({ included, picks });
  useEffect(() => {
    latest.current = { included, picks };
  }, [included, picks]);
  const misses = useMissExplanations((explained, of) => {
    setResult((shown) => (shown === of ? explained : shown));
    onChange?.(foundCompanyInfo(explained, latest.current.included, false), latest.current.picks);
  });

  const finish = (merged: TCompanyMatchResult, picked: THubspotPicks): void => {
    const include = initiallyIncluded(merged);
    setResult(merged);
    setIncluded(include);
    setPicks(picked);
    latest.current = { included: include, picks: picked };
    onChange?.(foundCompanyInfo(merged, include, false), picked);
    void misses.explain(merged);
  };

  const fetchTiers = async (): Promise<void> => {
    const gate = hubspotTierGate(tiers);
    if (gate) return showGateToast(gate);
    const filters = tierFilters(tiers, targetsOnly);
    const pages: TCompanyMatchResult[] = [];
    let after: string | null = COMPANY_SEARCH_START_AFTER;
    let total: number | null = null;
    while (after !== null && pages.length < MAX_TIER_PAGES) {
      setFetching({
        step: pages.length,
        of: total === null ? null : Math.ceil(total / COMPANY_SEARCH_PAGE_SIZE),
        what: 'pages',
      });
      const page = await tierSearch.call({
        bgAdvertiserId: advertiserId,
        filters,
        after,
        numberResults: COMPANY_SEARCH_PAGE_SIZE,
      });
      pages.push(page);
      total = page.total;
      after = page.after;
    }
    const chosen = (sortValues.data?.tier_values ?? []).filter((tier) => tiers.includes(tier.value));
    finish(mergeMatchResults(pages), { companySortValues: { tier_values: chosen } });
  };

  const fetchLists = async (): Promise<void> => {
    const gate = companiesListGate(listIds[0]);
    if (gate) return showGateToast(gate);
    const results: TCompanyMatchResult[] = [];
    for (const [index, hubspotListId] of listIds.entries()) {
      setFetching({ step: index, of: listIds.length, what: 'lists' });
      results.push(await listFetch.call({ bgAdvertiserId: advertiserId, hubspotListId }));
    }
    const chosen = (lists.data ?? []).filter((list) => listIds.includes(list.listId));
    finish(mergeMatchResults(results), { hubSpotLists: chosen });
  };

  const fetchCompanies = async (): Promise<void> => {
    setFailure(null);
    misses.cancel();
    try {
      await (source === 'hubspotTiers' ? fetchTiers() : fetchLists());
    } catch (error) {
      // The realtime call's error text is what the user sees (001 §8: the returned error).
      setFailure(messageOf(error));
    } finally {
      setFetching(null);
    }
  };

  const toggle = (domain: string, include: boolean): void => {
    if (disabled) return;
    const next = toggleMember(included, domain, include);
    setIncluded(next);
    if (result) onChange?.(foundCompanyInfo(result, next, false), picks);
  };

  const live = tierSearch.progress ?? listFetch.progress;
  const busy = disabled || fetching !== null;

  const choices =
    source === 'hubspotTiers' ? (
      sortValues.loading ? (
        <Spinner size="sm" aria-label="Loading tiers" />
      ) : sortValues.error ? (
        <ErrorState title="The tiers could not be loaded." message={sortValues.error.message} />
      ) : (sortValues.data?.tier_values ?? []).length === 0 ? (
        <Text>{noHubspotItemsText('Profile Tiers')}</Text>
      ) : (
        <Stack as="fieldset" gap="2">
          <Text as="legend" fontWeight="semibold" mb="2">
            HubSpot Ideal Customer Profile Tiers
          </Text>
          {(sortValues.data?.tier_values ?? []).map((tier) => (
            <Checkbox.Root
              key={tier.value}
              colorPalette="blue"
              checked={tiers.includes(tier.value)}
              disabled={busy}
              onCheckedChange={(details) =>
                setTiers((current) => toggleItem(current, tier.value, details.checked === true))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{tier.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          <Checkbox.Root
            colorPalette="blue"
            mt="2"
            checked={targetsOnly}
            disabled={busy}
            onCheckedChange={(details) => setTargetsOnly(details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{TARGET_ACCOUNTS_ONLY}</Checkbox.Label>
          </Checkbox.Root>
        </Stack>
      )
    ) : lists.loading ? (
      <Spinner size="sm" aria-label="Loading lists" />
    ) : lists.error && !lists.data ? (
      <ErrorState title="The lists could not be loaded." message={lists.error.message} onRetry={lists.retry} />
    ) : (lists.data ?? []).length === 0 && lists.progress.done ? (
      <Text>{noHubspotItemsText('HubSpot Lists')}</Text>
    ) : (
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="semibold" mb="2">
          HubSpot Lists
        </Text>
        <Stack gap="2" maxH={LIST_BOX_MAX_HEIGHT} overflowY="auto" tabIndex={0} aria-label="HubSpot company lists">
          {(lists.data ?? []).map((list) => (
            <Checkbox.Root
              key={list.listId}
              colorPalette="blue"
              checked={listIds.includes(list.listId)}
              disabled={busy}
              onCheckedChange={(details) =>
                setListIds((current) => toggleItem(current, list.listId, details.checked === true))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {list.name}
                {list.size === undefined ? '' : ` (${list.size})`}
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        <LoadingMore progress={lists.progress} failed={Boolean(lists.error)} onRetry={lists.retry} what="lists" />
      </Stack>
    );

  return (
    <Stack gap="5">
      {choices}
      <Box>
        <Button colorPalette="blue" onClick={() => void fetchCompanies()} disabled={busy}>
          {GET_COMPANIES}
        </Button>
      </Box>

      {fetching ? (
        <CompanyMatchProgress
          progress={live}
          trackLabel="Company fetch progress"
          caption={
            fetching.of === null
              ? `Reading ${fetching.what}…`
              : `${Math.min(fetching.step + 1, fetching.of)} of ${fetching.of} ${fetching.what}${live ? `, ${live.done} of ${live.total} companies checked` : ''}`
          }
        />
      ) : failure ? (
        <ErrorState
          title="The companies could not be fetched."
          message={failure}
          onRetry={() => void fetchCompanies()}
        />
      ) : result ? (
        <CompanyMatchResults
          result={result}
          included={included}
          noun={['company', 'companies']}
          misses={misses}
          onToggle={toggle}
        />
      ) : null}
    </Stack>
  );
}
