import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import type { TBillingLog } from '@bidgrid/shared/entities/billing.schema';
import { ExportedLogTable } from '@/components/exported-log-table';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { useSession } from '@/lib/session/session-context';
import { useAllBillingLogs } from '../api/billing-queries';
import { BILLING_LOG_COLUMNS, BILLING_LOG_CSV } from '../billing-log-columns';

/** A row key: the log's id, or what makes a log unique when a server sends none. */
const logKey = (log: TBillingLog, index: number): string => log.id ?? `${log.date}#${log.bgAdvertiserId}#${index}`;

/**
 * 'All Billing Logs' at /allbillinglogs (000 §2): every charge and billing event of the agency, newest
 * first, with the spec's columns and formats, and a toolbar export to 'export.csv'.
 */
export function Component() {
  const { userName } = useSession();
  const { data, loading, error, refetch, progress, retry } = useAllBillingLogs(userName);
  const logs = (data ?? []).map((log, index) => ({ ...log, id: logKey(log, index) }));

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        All Billing Logs
      </Heading>
      {loading && !data ? (
        <Stack gap="2" aria-busy="true" role="status" aria-label="Loading billing logs">
          {[0, 1, 2, 3, 4].map((index) => (
            <Skeleton key={index} height="9" />
          ))}
        </Stack>
      ) : error && !data ? (
        <ErrorState
          title="The billing logs could not be loaded."
          message={error.message}
          onRetry={() => void refetch()}
        />
      ) : (
        <Stack gap="3">
          <ExportedLogTable
            label="All Billing Logs"
            columns={BILLING_LOG_COLUMNS}
            csvColumns={BILLING_LOG_CSV}
            rows={logs}
            complete={progress.done}
            emptyText="There are no billing logs yet."
          />
          <LoadingMore progress={progress} failed={Boolean(error)} onRetry={retry} what="billing logs" />
        </Stack>
      )}
    </Stack>
  );
}
