import { Link, Table } from '@chakra-ui/react';
import { memo, type ReactNode } from 'react';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { formatPhoneNumber } from '@bidgrid/shared/advertisers/phone-number';

/** The advertiser's domain as a link: the stored value may come with or without its scheme. */
export function domainHref(domain: string): string {
  return /^https?:\/\//i.test(domain) ? domain : `https://${domain}`;
}

/** The address lines as the table shows them: address 1, then address 2 when there is one. */
export function addressText(advertiser: Pick<TAdvertiser, 'address_1' | 'address_2'>): string {
  return [advertiser.address_1, advertiser.address_2].filter((line) => line.trim() !== '').join(', ');
}

/**
 * The information table of the advertiser page (000 §2): advertiser id, created by, domain (a link),
 * address (address 1, optional address 2) and phone number ('None' when missing; stored in E.164 and
 * shown as '+1 512 555 0142', a phone stored before numbers were checked shown as it was typed).
 * Memoised: the page renders again as its other reads come in (the advertisers, the first screen), the
 * advertiser unchanged.
 */
export const AdvertiserInfoTable = memo(function AdvertiserInfoTable({ advertiser }: { advertiser: TAdvertiser }) {
  const rows: ReadonlyArray<{ label: string; value: ReactNode }> = [
    { label: 'Advertiser ID', value: advertiser.bgAdvertiserId },
    { label: 'Created By', value: advertiser.createdBy },
    {
      label: 'Domain',
      value: (
        <Link href={domainHref(advertiser.domain)} target="_blank" rel="noopener noreferrer" color="blue.700">
          {advertiser.domain}
        </Link>
      ),
    },
    { label: 'Address', value: addressText(advertiser) },
    { label: 'Phone Number', value: formatPhoneNumber(advertiser.phone) ?? 'None' },
  ];
  return (
    <Table.Root size="sm" variant="outline" aria-label="Advertiser information">
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.label}>
            <Table.ColumnHeader scope="row" width="40" bg="bg.muted">
              {row.label}
            </Table.ColumnHeader>
            <Table.Cell wordBreak="break-word">{row.value}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
});
