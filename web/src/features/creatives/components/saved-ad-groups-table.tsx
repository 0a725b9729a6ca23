import { Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { TRUNCATE, type TMediaType } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { AD_GROUPS_LOADING, noTemplatesText } from '@/lib/creative-upload/upload-messages';
import { formatShortDate, timeValue } from '@/lib/date-format';
import { truncate } from '@/lib/truncate';
import { SELECT_ADVERTISER_FIRST } from '../ad-group-messages';
import { useAdGroupTemplates } from '../api/ad-group-calls';
import { TemplateCreatives } from './template-creatives';

/**
 * 'Select From Saved AdGroups' (001 §2): the advertiser's ad-group templates of the chosen media type
 * (image templates for Display, video ones for Video) with name, created by, description and created date,
 * 10 a page (10/25/100, the pager only above 10 rows); a row expands to show its creatives. In the wizard
 * (`onSelect` given) each row has a select checkbox and one template can be chosen; /ads-upload only
 * shows them.
 */
export function SavedAdGroupsTable({
  advertiser,
  mediaType,
  selectedId,
  onSelect,
  disabled = false,
}: {
  advertiser: TAdvertiser | null;
  mediaType: TMediaType;
  selectedId?: string | null;
  onSelect?: (template: TAdGroupTemplate | null) => void;
  disabled?: boolean;
}) {
  const templates = useAdGroupTemplates(advertiser?.bgAdvertiserId ?? null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (templates.error) console.error('The ad group templates could not be loaded', templates.error);
  }, [templates.error]);

  if (!advertiser) return <Text color="fg.muted">{SELECT_ADVERTISER_FIRST}</Text>;
  if (templates.loading && !templates.data) return <Text color="fg.muted">{AD_GROUPS_LOADING}</Text>;
  const adGroupType = mediaType === 'video' ? 'video' : 'image';
  const rows = (templates.data ?? []).filter((template) => template.adGroupType === adGroupType);
  if (rows.length === 0) return <Text color="fg.muted">{noTemplatesText(advertiser.name)}</Text>;

  const toggle = (id: string): void =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Array<DataTableColumn<TAdGroupTemplate>> = [
    ...(onSelect
      ? [
          {
            id: 'select',
            header: 'Select',
            cell: (row: TAdGroupTemplate) => (
              <input
                type="checkbox"
                aria-label={`Select ${row.name}`}
                checked={row.id === selectedId}
                disabled={disabled}
                onChange={(event) => onSelect(event.currentTarget.checked ? row : null)}
                style={{ width: '1rem', height: '1rem', cursor: 'pointer' }}
              />
            ),
          },
        ]
      : []),
    {
      id: 'name',
      header: 'Name',
      // 001 §9: names other than file names are cut at 36 characters; the whole name is the title.
      cell: (row) => <span title={row.name}>{truncate(row.name, TRUNCATE.otherName)}</span>,
      sortValue: (row) => row.name,
    },
    { id: 'createdBy', header: 'Created By', cell: (row) => row.createdBy, sortValue: (row) => row.createdBy },
    { id: 'description', header: 'Description', cell: (row) => row.description },
    {
      id: 'createdAt',
      header: 'Created Date',
      cell: (row) => formatShortDate(row.createdAt),
      sortValue: (row) => timeValue(row.createdAt),
    },
    {
      id: 'creatives',
      header: 'Creatives',
      cell: (row) => (
        <Button
          size="xs"
          variant="outline"
          aria-expanded={expanded.has(row.id)}
          aria-label={`${expanded.has(row.id) ? 'Hide' : 'Show'} creatives of ${row.name}`}
          onClick={() => toggle(row.id)}
        >
          {expanded.has(row.id) ? 'Hide' : 'Show'}
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      label={`Ad group templates of ${advertiser.name}`}
      columns={columns}
      rows={rows}
      getRowId={(row) => row.id}
      renderExpansion={(row) => (expanded.has(row.id) ? <TemplateCreatives template={row} /> : null)}
    />
  );
}
