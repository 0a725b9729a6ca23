import { Heading, Skeleton, Stack } from '@chakra-ui/react';
import type { TBillingLog } from '@bidgrid/shared/billing/billing.schema';
import { PagedExportedLog } from '@/components/exported-log-table';
import { useSession } from '@/lib/session/session-context';
import { useAllBillingLogs } from '../api/billing-queries';
import { BILLING_LOG_COLUMNS, BILLING_LOG_CSV } from '../billing-log-columns';

/** What makes a log unique when a server sends no id. */
const logKey = (log: TBillingLog, index: number): string => `${log.date}#${log.bgAdvertiserId}#${index}`;

/**
 * 'All Billing Logs' at /allbillinglogs (000 §2): every charge and billing event of the agency, newest
 * first, with the spec's columns and formats, and a toolbar export to 'export.csv'.
 */
export function Component() {
  const { userName } = useSession();
  const logs = useAllBillingLogs(userName);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        All Billing Logs
      </Heading>
      <PagedExportedLog
        pages={logs}
        placeholder={
          <Stack gap="2" aria-busy="true" role="status" aria-label="Loading billing logs">
            {[0, 1, 2, 3, 4].map((index) => (
              <Skeleton key={index} height="9" />
            ))}
          </Stack>
        }
        errorTitle="The billing logs could not be loaded."
        what="billing logs"
        fallbackKey={logKey}
        label="All Billing Logs"
        columns={BILLING_LOG_COLUMNS}
        csvColumns={BILLING_LOG_CSV}
        emptyText="There are no billing logs yet."
      />
    </Stack>
  );
}
