import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { useSession } from '@/lib/session/session-context';
import { useAdvertiserChoices } from '../api/segment-calls';
import { AdvertiserChoice } from '../components/advertiser-choice';
import { VisitorSegments } from '../components/visitor-segments';

/**
 * Visitors Re-targeting Segments (001 §2 /visitors-retargeting): an advertiser's visitor segments
 * outside a campaign, with their tags to copy, and the create-segment modal.
 */
export function Component() {
  const session = useSession();
  const advertisers = useAdvertiserChoices(session.agency?.agencyId ?? null);
  const [advertiser, setAdvertiser] = useState<TAdvertiser | null>(null);
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Visitors Re-targeting Segments
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        A segment collects the visitors of an advertiser&apos;s site: put its tag on the pages to reach, then choose the
        segment in a campaign.
      </Text>
      <AdvertiserChoice advertisers={advertisers.data ?? []} value={advertiser} onChange={setAdvertiser} />
      <VisitorSegments advertiserId={advertiser?.bgAdvertiserId ?? null} advertisers={advertisers.data ?? []} />
    </Stack>
  );
}
