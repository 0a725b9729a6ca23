import { Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TSegmentsLogEntry } from '@bidgrid/shared/billing/billing.schema';
import { PagedExportedLog } from '@/components/exported-log-table';
import { useSession } from '@/lib/session/session-context';
import { useSegmentsLogs } from '../api/segments-logs-queries';
import { SEGMENTS_LOG_COLUMNS, SEGMENTS_LOG_CSV } from '../segments-log-columns';

/** What makes an entry unique when a server sends no id. */
const entryKey = (entry: TSegmentsLogEntry, index: number): string => `${entry.date}#${entry.subdomain}#${index}`;

/**
 * 'Segments Logs' at /segments-logs (000 §2): the company-matching results (subdomain, original domains,
 * IP segment, date) for internal staff, with a loading indicator and the CSV export. The server answers
 * only allow-listed internal users; anyone else sees the empty grid saying so (no error to retry).
 */
export function Component() {
  const { userName } = useSession();
  const entries = useSegmentsLogs(userName);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Segments Logs
      </Heading>
      <PagedExportedLog
        pages={entries}
        placeholder={
          <Flex justify="center" py="12" role="status" aria-live="polite">
            <Stack align="center" gap="3">
              <Spinner size="lg" color="blue.700" />
              <Text color="fg.muted">Loading segments logs…</Text>
            </Stack>
          </Flex>
        }
        errorTitle="The segments logs could not be loaded."
        what="entries"
        fallbackKey={entryKey}
        label="Segments Logs"
        columns={SEGMENTS_LOG_COLUMNS}
        csvColumns={SEGMENTS_LOG_CSV}
        emptyText={
          entries.staffOnly ? 'Segments logs are shown to internal staff only.' : 'There are no segments logs yet.'
        }
      />
    </Stack>
  );
}
