import { Button, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { paths } from '@/config/paths';
import { formatShortDate, timeValue } from '@/lib/date-format';
import { isTruncated, truncate } from '@/lib/truncate';
import { CardLastFour } from './card-summary';

const columns: ReadonlyArray<DataTableColumn<TAdvertiser>> = [
  {
    id: 'name',
    header: 'Name',
    sortValue: (advertiser) => advertiser.name,
    cell: (advertiser) => (
      <Text
        as="span"
        fontWeight="medium"
        title={isTruncated(advertiser.name, TRUNCATE.advertiser) ? advertiser.name : undefined}
      >
        {truncate(advertiser.name, TRUNCATE.advertiser)}
      </Text>
    ),
  },
  {
    id: 'createdBy',
    header: 'Created by',
    sortValue: (advertiser) => advertiser.createdBy,
    cell: (advertiser) => advertiser.createdBy,
  },
  {
    id: 'createdAt',
    header: 'Created Date',
    sortValue: (advertiser) => timeValue(advertiser.createdAt),
    cell: (advertiser) => formatShortDate(advertiser.createdAt),
  },
  {
    id: 'card',
    header: 'Credit Card',
    sortValue: (advertiser) => advertiser.paymentMethod?.card.last4 ?? null,
    cell: (advertiser) => <CardLastFour paymentMethod={advertiser.paymentMethod} />,
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: (advertiser) => (
      <Button asChild size="xs" variant="outline" colorPalette="blue">
        <RouterLink
          to={paths.advertiser.getHref(advertiser.bgAdvertiserId)}
          aria-label={`Details of ${advertiser.name}`}
        >
          Details
        </RouterLink>
      </Button>
    ),
  },
];

/** 'Advertisers associated with your account' (000 §2): sorted by name, names cut to 36 characters. */
export function AdvertisersTable({ advertisers }: { advertisers: readonly TAdvertiser[] }) {
  return (
    <DataTable
      label="Advertisers associated with your account"
      columns={columns}
      rows={advertisers}
      getRowId={(advertiser) => advertiser.bgAdvertiserId}
      initialSort={{ columnId: 'name', direction: 'asc' }}
    />
  );
}
