import { Button, chakra, Flex, Heading, HStack, IconButton, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TInvoice } from '@bidgrid/shared/billing/billing.schema';
import { compareSortValues, DataTable } from '@/components/data-table';
import { ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { PlainSelect } from '@/components/plain-select';
import { paths } from '@/config/paths';
import { shownInvoiceNumber } from '@/lib/invoice-number';
import { useSession } from '@/lib/session/session-context';
import { toaster } from '@/lib/toaster';
import { useInvoiceAdvertisers, useInvoiceDocument, useInvoices } from '../api/billing-queries';
import { INVOICE_COLUMNS } from '../invoice-columns';

function BackArrow() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M19 12H5M11 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Invoices at /invoices (000 §2): '{User} Invoices' with a back arrow (to the page that opened it, from
 * router state), an advertiser filter (also set by the `advertiser` query), the grid with Select All,
 * and Export: one 'Invoice-{id}.pdf' per selected invoice (the id as the billing logs show it,
 * 'Invoice-BGINV-….pdf'), rendered in the browser from its HTML body.
 * The list comes without bodies, a page at a time (issue 9 §6): Export waits for the last page (so Select
 * All means all) and reads the body of each selected invoice when it runs.
 */
export function Component() {
  const { userName, agency } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const advertiserFilter = searchParams.get('advertiser') ?? '';
  const filterId = useId();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const { data, loading, error, refetch, progress, retry } = useInvoices(userName);
  const advertisers = useInvoiceAdvertisers(agency?.agencyId ?? null);
  const { mutate: readInvoice } = useInvoiceDocument();

  const invoices = data ?? [];
  const rows = advertiserFilter ? invoices.filter((invoice) => invoice.bgAdvertiserId === advertiserFilter) : invoices;
  const chosen = rows.filter((invoice) => selected.has(invoice.id));

  // Filter options: the agency's advertisers, plus any advertiser that only appears on an invoice or in the URL.
  const names = new Map<string, string>();
  for (const advertiser of advertisers.data ?? []) names.set(advertiser.bgAdvertiserId, advertiser.name);
  for (const invoice of invoices)
    if (!names.has(invoice.bgAdvertiserId))
      names.set(invoice.bgAdvertiserId, invoice.advertiserName ?? invoice.bgAdvertiserId);
  if (advertiserFilter && !names.has(advertiserFilter)) names.set(advertiserFilter, advertiserFilter);
  const options = [...names].sort((a, b) => compareSortValues(a[1], b[1]));

  const from = (location.state as { from?: unknown } | null)?.from;
  const goBack = (): void => {
    if (typeof from === 'string' && from.startsWith('/')) navigate(from);
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate(paths.dashboard.getHref());
  };

  const setFilter = (advertiserId: string): void => {
    const next = new URLSearchParams(searchParams);
    if (advertiserId) next.set('advertiser', advertiserId);
    else next.delete('advertiser');
    const search = next.toString();
    // Replace, and keep the router state so the back arrow still knows where it came from.
    navigate({ search: search ? `?${search}` : '' }, { replace: true, state: location.state });
  };

  const exportSelected = async (): Promise<void> => {
    setExporting(true);
    try {
      const { exportInvoicePdfs } = await import('@/lib/invoice-pdf');
      // One at a time: an export of hundreds asks the server for one body after another, never all at once.
      const documents: TInvoice[] = [];
      for (const invoice of chosen) documents.push(await readInvoice({ params: { id: invoice.id } }));
      await exportInvoicePdfs(documents);
    } catch (failure) {
      console.error('Invoice export failed', failure);
      toaster.create({
        type: 'error',
        title: 'The invoices could not be exported.',
        duration: TOAST_MS.apiError,
        closable: true,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="6">
      <HStack gap="3">
        <IconButton aria-label="Back" variant="ghost" onClick={goBack}>
          <BackArrow />
        </IconButton>
        <Heading as="h1" size="2xl">
          {`${userName ?? ''} Invoices`.trim()}
        </Heading>
      </HStack>
      <Flex gap="4" align="flex-end" justify="space-between" wrap="wrap">
        <Stack gap="1.5">
          <chakra.label htmlFor={filterId} fontSize="sm" fontWeight="medium">
            Advertiser
          </chakra.label>
          <PlainSelect
            width={{ base: 'full', sm: '72' }}
            id={filterId}
            value={advertiserFilter}
            onChange={(event) => setFilter(event.currentTarget.value)}
          >
            <option value="">All Advertisers</option>
            {options.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </PlainSelect>
        </Stack>
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {`${chosen.length} selected`}
          </Text>
          <Button
            colorPalette="blue"
            disabled={chosen.length === 0 || exporting || !progress.done}
            loading={exporting}
            loadingText="Exporting"
            onClick={() => void exportSelected()}
          >
            Export
          </Button>
        </HStack>
      </Flex>
      {loading && !data ? (
        <Stack gap="2" aria-busy="true" role="status" aria-label="Loading invoices">
          {[0, 1, 2, 3].map((index) => (
            <Skeleton key={index} height="9" />
          ))}
        </Stack>
      ) : error && !data ? (
        <ErrorState title="The invoices could not be loaded." message={error.message} onRetry={() => void refetch()} />
      ) : (
        <Stack gap="3">
          <DataTable
            label="Invoices"
            columns={INVOICE_COLUMNS}
            rows={rows}
            getRowId={(invoice) => invoice.id}
            initialSort={{ columnId: 'date', direction: 'desc' }}
            emptyText={advertiserFilter ? 'This advertiser has no invoices yet.' : 'There are no invoices yet.'}
            selection={{
              selected,
              onChange: setSelected,
              rowLabel: (invoice) => `Select invoice ${shownInvoiceNumber(invoice.id)}`,
              allLabel: 'Select All',
            }}
          />
          <LoadingMore progress={progress} failed={Boolean(error)} onRetry={retry} what="invoices" />
        </Stack>
      )}
    </Stack>
  );
}
