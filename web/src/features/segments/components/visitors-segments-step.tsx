import { Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { segmentsGate } from '@bidgrid/shared/campaigns/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { VisitorSegments } from './visitor-segments';

/**
 * The wizard's Visitors Re-targeting Segments step (001 §2), filling the `visitorsSegmentsStep` slot:
 * the draft advertiser's visitor segments, chosen into `selectedSegmentIds` (segment keys, which the
 * creation payload sends as `targetingInfo.retargeting_segments`); a segment made with the modal is
 * chosen at once. Next needs one: 'Please, select at least one segment'.
 */
export function VisitorsSegmentsStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const selected = draft.selectedSegmentIds;
  const advertiser = draft.selectedAdvertiser;

  useEffect(() => {
    setNextHandler(async () => {
      const gate = segmentsGate(selected);
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [selected, setNextHandler]);

  const choose = (key: string, chosen: boolean): void =>
    updateDraft((current) => ({
      ...current,
      selectedSegmentIds: chosen
        ? [...new Set([...current.selectedSegmentIds, key])]
        : current.selectedSegmentIds.filter((k) => k !== key),
    }));

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Reach people who visited {advertiser?.name ?? "the advertiser's"} site: choose the segments whose tag is on its
        pages, or create one and put its tag on the site.
      </Text>
      <VisitorSegments
        advertiserId={advertiser?.bgAdvertiserId ?? null}
        advertisers={advertiser ? [advertiser] : []}
        selected={selected}
        onToggle={(segment, chosen) => choose(segment.segment_key, chosen)}
        onCreated={(segment) => choose(segment.segment_key, true)}
        disabled={busy}
      />
    </Stack>
  );
}
