import { chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PlainSelect } from '@/components/plain-select';
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
      <Stack gap="1.5" maxW="md">
        <chakra.label htmlFor="publication-lists-advertiser" fontWeight="medium" fontSize="sm">
          Advertiser
        </chakra.label>
        <PlainSelect
          id="publication-lists-advertiser"
          value={advertiserId}
          onChange={(event) => setAdvertiserId(event.target.value)}
        >
          <option value="">Select an advertiser</option>
          {sorted.map((advertiser) => (
            <option key={advertiser.bgAdvertiserId} value={advertiser.bgAdvertiserId}>
              {advertiser.name}
            </option>
          ))}
        </PlainSelect>
      </Stack>
      {advertiserId ? <PublicationListsPanel advertiserId={advertiserId} /> : <Text>Please, select Advertiser</Text>}
    </Stack>
  );
}
