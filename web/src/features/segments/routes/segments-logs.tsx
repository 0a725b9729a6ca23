import { Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { TSegmentsLogEntry } from '@bidgrid/shared/entities/billing.schema';
import { ExportedLogTable } from '@/components/exported-log-table';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { useSession } from '@/lib/session/session-context';
import { useSegmentsLogs } from '../api/segments-logs-queries';
import { SEGMENTS_LOG_COLUMNS, SEGMENTS_LOG_CSV } from '../segments-log-columns';

const entryKey = (entry: TSegmentsLogEntry, index: number): string =>
  entry.id ?? `${entry.date}#${entry.subdomain}#${index}`;

/**
 * 'Segments Logs' at /segments-logs (000 §2): the company-matching results (subdomain, original domains,
 * IP segment, date) for internal staff, with a loading indicator and the CSV export. The server answers
 * only allow-listed internal users; anyone else sees its refusal in the error state.
 */
export function Component() {
  const { userName } = useSession();
  const { data, loading, error, refetch, progress, retry } = useSegmentsLogs(userName);
  const entries = (data ?? []).map((entry, index) => ({ ...entry, id: entryKey(entry, index) }));

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Segments Logs
      </Heading>
      {loading && !data ? (
        <Flex justify="center" py="12" role="status" aria-live="polite">
          <Stack align="center" gap="3">
            <Spinner size="lg" color="blue.700" />
            <Text color="fg.muted">Loading segments logs…</Text>
          </Stack>
        </Flex>
      ) : error && !data ? (
        <ErrorState
          title="The segments logs could not be loaded."
          message={error.message}
          onRetry={() => void refetch()}
        />
      ) : (
        <Stack gap="3">
          <ExportedLogTable
            label="Segments Logs"
            columns={SEGMENTS_LOG_COLUMNS}
            csvColumns={SEGMENTS_LOG_CSV}
            rows={entries}
            complete={progress.done}
            emptyText="There are no segments logs yet."
          />
          <LoadingMore progress={progress} failed={Boolean(error)} onRetry={retry} what="entries" />
        </Stack>
      )}
    </Stack>
  );
}
