import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { AdvertiserSelect } from '@/components/advertiser-select';
import { useSession } from '@/lib/session/session-context';
import { useListAdvertisers } from '../api/domain-list-calls';
import { PublicationListsPanel } from '../components/publication-lists-panel';

/**
 * Publication Lists (001 §2): pick an advertiser to see its custom domain lists, create and edit them
 * (the wizard's dialogs), and browse the public lists every agency shares with their domains.
 */
export function Component() {
  const session = useSession();
  const advertisers = useListAdvertisers(session.agency?.agencyId ?? null);
  const [advertiserId, setAdvertiserId] = useState('');
  const sorted = [...(advertisers.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Publication Lists
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Domain lists name the publications where ads are shown. Choose an advertiser to manage its custom lists; the
        public lists are shared by every advertiser.
      </Text>
      <AdvertiserSelect
        advertisers={sorted}
        value={advertiserId || null}
        onChange={(picked) => setAdvertiserId(picked?.bgAdvertiserId ?? '')}
        placeholder="Select an advertiser"
        width={{ base: 'full', md: 'md' }}
      />
      {advertiserId ? <PublicationListsPanel advertiserId={advertiserId} /> : <Text>Please, select Advertiser</Text>}
    </Stack>
  );
}
