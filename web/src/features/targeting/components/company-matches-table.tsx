import { Badge, chakra, Text } from '@chakra-ui/react';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { DataTable, type DataTableColumn } from '@/components/data-table';

const Checkbox = chakra('input', {
  base: {
    width: '4',
    height: '4',
    accentColor: 'var(--chakra-colors-blue-700)',
    cursor: 'pointer',
    _disabled: { cursor: 'not-allowed' },
  },
});

export interface CompanyMatchesTableProps {
  readonly rows: readonly TCompanyRow[];
  readonly included: ReadonlySet<string>;
  readonly onToggle: (domain: string, include: boolean) => void;
}

/**
 * The matched status of each domain with its include flag (001 §2 Target Companies: "Results show
 * matched status and an include flag, toggleable per domain"), the company and how many IP ranges
 * it holds, and for a domain that did not match, why. Unmatched domains cannot be included.
 */
export function CompanyMatchesTable({ rows, included, onToggle }: CompanyMatchesTableProps) {
  const columns: Array<DataTableColumn<TCompanyRow>> = [
    {
      id: 'include',
      header: 'Include',
      // A control column: it stays at the left edge with the domain while the table scrolls.
      controlWidth: '5.5rem',
      cell: (row) => (
        <Checkbox
          type="checkbox"
          aria-label={`Include ${row.domain}`}
          checked={Boolean(row.domainInfo) && included.has(row.domain)}
          disabled={!row.domainInfo}
          title={row.domainInfo ? undefined : 'A domain that did not match cannot be included.'}
          onChange={(event) => onToggle(row.domain, event.currentTarget.checked)}
        />
      ),
    },
    { id: 'domain', header: 'Domain', cell: (row) => row.domain, sortValue: (row) => row.domain },
    {
      id: 'status',
      header: 'Status',
      cell: (row) =>
        row.domainInfo ? (
          <Badge colorPalette="green" variant="subtle">
            Matched
          </Badge>
        ) : (
          <Badge colorPalette="gray" variant="subtle">
            Not matched
          </Badge>
        ),
      sortValue: (row) => (row.domainInfo ? 0 : 1),
    },
    {
      id: 'company',
      header: 'Company',
      cell: (row) => row.domainInfo?.companyName ?? '',
      sortValue: (row) => row.domainInfo?.companyName ?? null,
    },
    {
      id: 'ranges',
      header: 'IP ranges',
      align: 'end',
      cell: (row) => row.domainInfo?.ipSegments.length ?? '',
      sortValue: (row) => row.domainInfo?.ipSegments.length ?? null,
    },
    {
      id: 'reason',
      header: 'Reason',
      // A sentence: it wraps, and is kept wide enough to read.
      minWidth: 240,
      wrap: true,
      cell: (row) => (row.noMatch ? <Text fontSize="sm">{row.noMatch.message}</Text> : null),
    },
  ];
  return (
    <DataTable
      label="Target companies"
      columns={columns}
      rows={rows}
      getRowId={(row) => row.domain}
      emptyText="The file has no domains."
    />
  );
}
