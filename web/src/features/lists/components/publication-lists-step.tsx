import { Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { publicationListsGate } from '@bidgrid/shared/campaigns/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { useAdvertiserDomainLists, usePublicDomainLists } from '../api/domain-list-calls';
import { restoreSelection, type TListSelection } from '../list-selection';
import { CPM_MUST_BE_POSITIVE, PublicationListsPanel } from './publication-lists-panel';

/** True when both lists name the same lists (so a refetch changes nothing in the draft). */
const sameIds = (a: ReadonlyArray<{ id?: string; domainListId?: string }>, b: typeof a): boolean =>
  a.length === b.length &&
  a.every((list, index) => (list.id ?? list.domainListId) === (b[index]?.id ?? b[index]?.domainListId));

/**
 * The wizard's Publication Lists step (001 §2), filling the `publicationListsStep` slot: the public lists
 * and the advertiser's custom lists, chosen in the draft's `selectedDomainListsIds` (what a template
 * keeps) and `selectedDomainLists` (the payload's `targetingInfo.domain_list`, with each split domain's
 * CPM bid); the loaded lists in `publicDomainLists` and `customDomainLists`, from which the payload
 * builds `publicDomainLists`. Next needs a list: 'Please, select required domain lists.'
 */
export function PublicationListsStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const advertiserId = draft.selectedAdvertiser?.bgAdvertiserId ?? null;
  const publicLists = usePublicDomainLists().data;
  const custom = useAdvertiserDomainLists(advertiserId);
  const customLists = custom.progress.done ? custom.data : undefined;
  const selection: TListSelection = {
    selectedDomainListsIds: draft.selectedDomainListsIds,
    selectedDomainLists: draft.selectedDomainLists,
  };

  // The payload reads the lists from the draft; a template's chosen ids become lists once both are in.
  useEffect(() => {
    if (!publicLists || !customLists) return;
    updateDraft((current) => {
      const restored = restoreSelection(current, [...publicLists, ...customLists]);
      const unchanged =
        restored === current &&
        sameIds(current.publicDomainLists, publicLists) &&
        sameIds(current.customDomainLists, customLists);
      return unchanged
        ? current
        : { ...current, ...restored, publicDomainLists: publicLists, customDomainLists: customLists };
    });
  }, [publicLists, customLists, updateDraft]);

  // Split domains whose CPM box holds no positive number (the draft keeps their last valid bid).
  const [badBids, setBadBids] = useState<ReadonlySet<number>>(new Set());
  const ids = draft.selectedDomainListsIds;
  useEffect(() => {
    setNextHandler(async () => {
      const gate = publicationListsGate(ids);
      if (gate) return stay(gate);
      return badBids.size > 0 ? stay(CPM_MUST_BE_POSITIVE) : advance;
    });
    return () => setNextHandler(null);
  }, [ids, badBids, setNextHandler]);

  if (!advertiserId) return <Text>Please, select advertiser.</Text>;
  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Choose the publications where the ads are shown: public lists, or the advertiser&apos;s own lists. A split list
        bids per domain; change a domain&apos;s CPM bid as needed.
      </Text>
      <PublicationListsPanel
        advertiserId={advertiserId}
        selection={selection}
        disabled={busy}
        onBidValidity={(beeswaxListId, valid) =>
          setBadBids((current) => {
            if (valid === !current.has(beeswaxListId)) return current;
            const next = new Set(current);
            if (valid) next.delete(beeswaxListId);
            else next.add(beeswaxListId);
            return next;
          })
        }
        onSelectionChange={(next) => updateDraft((current) => ({ ...current, ...next }))}
      />
    </Stack>
  );
}
