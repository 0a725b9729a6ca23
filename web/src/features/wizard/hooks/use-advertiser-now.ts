import { useCallback, useEffect, useRef } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { useCurrentAdvertiser } from '../api/wizard-calls';

/** The draft with a newer copy of its own advertiser; the same draft when it holds another one or that very copy. */
export function withCopyOf(draft: TCampaignDraft, advertiser: TAdvertiser): TCampaignDraft {
  const held = draft.selectedAdvertiser;
  if (held?.bgAdvertiserId !== advertiser.bgAdvertiserId) return draft;
  return JSON.stringify(held) === JSON.stringify(advertiser) ? draft : { ...draft, selectedAdvertiser: advertiser };
}

/**
 * The draft's advertiser as it is now (issue 26 §2): the draft keeps the copy made when it was picked,
 * but a card or a CRM connection may have been added since (the user followed the missing-card link
 * and came back). The server is asked when the wizard opens and on every step it shows, and the answer
 * replaces the draft's copy, so the steps that read it (Target Companies' HubSpot sources, the Landing
 * Page's CRM pages) see it as it is. `readNow` asks at the moment of a check (the card, the CRM
 * connection) and resolves with the answer; it rejects when the read fails (the API client said why).
 */
export function useAdvertiserNow(
  draft: TCampaignDraft,
  updateDraft: (change: (draft: TCampaignDraft) => TCampaignDraft) => void,
  stepName: string | null,
): () => Promise<TAdvertiser | null> {
  const advertiserId = draft.selectedAdvertiser?.bgAdvertiserId ?? null;
  const current = useCurrentAdvertiser(advertiserId);
  const fresh = current.data;
  useEffect(() => {
    if (fresh) updateDraft((held) => withCopyOf(held, fresh));
  }, [fresh, updateDraft]);

  // The query asks once when it starts; each later step shown asks again.
  const { refetch } = current;
  const shownStep = useRef(stepName);
  useEffect(() => {
    if (shownStep.current === stepName) return;
    shownStep.current = stepName;
    if (advertiserId) refetch().catch(() => undefined);
  }, [stepName, advertiserId, refetch]);

  return useCallback(async () => {
    if (!advertiserId) return null;
    const now = await refetch();
    if (now) updateDraft((held) => withCopyOf(held, now));
    return now ?? null;
  }, [advertiserId, refetch, updateDraft]);
}
