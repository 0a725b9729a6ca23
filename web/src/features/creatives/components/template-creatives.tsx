import { Image, Table, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { DEFAULT_VIDEO_DURATION_S, TRUNCATE } from '@bidgrid/shared/constants';
import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { scrollRegionLabel, TableScroll } from '@/components/table-scroll';
import { AD_GROUPS_LOADING } from '@/lib/creative-upload/upload-messages';
import { formatShortDate } from '@/lib/date-format';
import { truncate } from '@/lib/truncate';
import { useCreativeTemplates } from '../api/ad-group-calls';

/**
 * The creatives of an expanded saved ad group (001 §2): asset preview, name, description, height, width,
 * creative type, duration for video (60 s when missing, 001 §9) and the creative date. A creative
 * template has no date of its own: it was saved with its ad-group template, whose date it shows.
 */
export function TemplateCreatives({ template }: { template: TAdGroupTemplate }) {
  const { data, loading, error } = useCreativeTemplates(template.id);
  useEffect(() => {
    if (error) console.error('The creative templates could not be loaded', error);
  }, [error]);
  if (loading && !data) return <Text color="fg.muted">{AD_GROUPS_LOADING}</Text>;
  const creatives = data ?? [];
  if (creatives.length === 0) return <Text color="fg.muted">This ad group has no creatives.</Text>;
  const video = template.adGroupType === 'video';
  return (
    <TableScroll regionLabel={scrollRegionLabel(`Creatives of ${template.name}`)}>
      <Table.Root size="sm" aria-label={`Creatives of ${template.name}`}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Asset</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Description</Table.ColumnHeader>
            <Table.ColumnHeader>Height</Table.ColumnHeader>
            <Table.ColumnHeader>Width</Table.ColumnHeader>
            <Table.ColumnHeader>Creative Type</Table.ColumnHeader>
            {video ? <Table.ColumnHeader>Duration</Table.ColumnHeader> : null}
            <Table.ColumnHeader>Creative Date</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {creatives.map((creative) => (
            <Table.Row key={creative.id}>
              <Table.Cell>
                {creative.creativeType.startsWith('image/') ? (
                  <Image src={creative.creativeTemplateSrc} alt={creative.name} maxHeight="12" maxWidth="24" />
                ) : (
                  <video
                    src={creative.creativeTemplateSrc}
                    aria-label={creative.name}
                    preload="metadata"
                    muted
                    style={{ maxHeight: '3rem', maxWidth: '6rem' }}
                  />
                )}
              </Table.Cell>
              <Table.Cell title={creative.name}>{truncate(creative.name, TRUNCATE.fileName)}</Table.Cell>
              <Table.Cell>{creative.description}</Table.Cell>
              <Table.Cell>{creative.height}</Table.Cell>
              <Table.Cell>{creative.width}</Table.Cell>
              <Table.Cell>{creative.creativeType}</Table.Cell>
              {video ? (
                <Table.Cell>{`${Math.round(creative.duration ?? DEFAULT_VIDEO_DURATION_S)} s`}</Table.Cell>
              ) : null}
              <Table.Cell>{formatShortDate(template.createdAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </TableScroll>
  );
}
