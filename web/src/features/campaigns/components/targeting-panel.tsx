import { Box, Button, Heading, HStack, List, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { NOT_AVAILABLE } from '@bidgrid/shared/metrics/format';
import { useTargetingSelections } from '../api/campaign-calls';
import { reportErrorText, TARGETING_TITLE } from '../campaign-messages';
import { scrollRegionLabel, TableScroll } from '@/components/table-scroll';
import { geoGroupLine, regionCountsOf, targetingColumns } from '@/lib/targeting-columns';
import { useEditableRegions } from '../api/targeting-edit-calls';
import { EDIT_TARGETING_TITLE } from '../targeting-edit';
import { TargetingEditDialog } from './targeting-edit-dialog';

/** Before the read answers, or when it failed: every layer empty (the schema's defaults), shown as 'N/A'. */
const NO_TARGETING = ZTargetingSelections.parse({});

function Items({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <Text color="fg.muted">{NOT_AVAILABLE}</Text>;
  return (
    <List.Root gap="0.5" ps="4">
      {items.map((item) => (
        // One line each, as in every table: a narrow screen scrolls the table instead of stacking words.
        <List.Item key={item} whiteSpace="nowrap">
          {item}
        </List.Item>
      ))}
    </List.Root>
  );
}

/**
 * 'Campaign Targeting Selections' (000 §2): domain lists, geo states grouped by country then region
 * names (a country chosen whole in one line: 'United States: all 51'), zip codes, roles/titles and
 * retargeting segments; an empty layer shows 'N/A'. A failed read is
 * only logged and the panel shows 'N/A' everywhere (000 §8).
 */
export function TargetingPanel({ bgCampaignId }: { bgCampaignId: string }) {
  const { data, loading, error } = useTargetingSelections(bgCampaignId);
  useEffect(() => {
    if (error) console.error(reportErrorText(error.message));
  }, [error]);
  // The regions there are tell a country chosen whole ('United States: all 51', one line, not 51).
  const regions = useEditableRegions((data?.geo_state.length ?? 0) > 0).data;
  const columns = targetingColumns(data ?? NO_TARGETING, regionCountsOf(regions ?? []));
  const [editing, setEditing] = useState(false);

  return (
    <Stack as="section" aria-labelledby="targeting-heading" gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h3" id="targeting-heading" size="md">
          {TARGETING_TITLE}
        </Heading>
        {/* Ours (issue 12): the targeting stays editable after launch. */}
        <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
          {EDIT_TARGETING_TITLE}
        </Button>
      </HStack>
      {editing ? <TargetingEditDialog bgCampaignId={bgCampaignId} onClose={() => setEditing(false)} /> : null}
      {loading && !data ? (
        <Box aria-busy="true" role="status" aria-label="Loading the targeting selections">
          <Skeleton height="20" />
        </Box>
      ) : (
        // Focusable: nothing inside takes focus, and keyboard users must be able to scroll it (axe).
        <TableScroll regionLabel={scrollRegionLabel(TARGETING_TITLE)}>
          <Table.Root size="sm" aria-label={TARGETING_TITLE}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>Domain lists</Table.ColumnHeader>
                <Table.ColumnHeader>Geo states</Table.ColumnHeader>
                <Table.ColumnHeader>Zip codes</Table.ColumnHeader>
                <Table.ColumnHeader>Role/Title</Table.ColumnHeader>
                <Table.ColumnHeader>Retargeting segments</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <Table.Row verticalAlign="top">
                <Table.Cell>
                  <Items items={columns.domainLists} />
                </Table.Cell>
                <Table.Cell>
                  {columns.geo.length === 0 ? (
                    <Text color="fg.muted">{NOT_AVAILABLE}</Text>
                  ) : (
                    <Stack gap="2">
                      {columns.geo.map((group) =>
                        group.whole ? (
                          <Text key={group.country} fontWeight="semibold" whiteSpace="nowrap">
                            {geoGroupLine(group, () => '')}
                          </Text>
                        ) : (
                          <Box key={group.country}>
                            <Text fontWeight="semibold">{group.country}</Text>
                            <Items items={group.regions} />
                          </Box>
                        ),
                      )}
                    </Stack>
                  )}
                </Table.Cell>
                <Table.Cell>
                  {columns.zipCodes.length === 0 ? (
                    <Text color="fg.muted">{NOT_AVAILABLE}</Text>
                  ) : (
                    // Hundreds of codes: they wrap, within a width that keeps a few on each line.
                    <Text whiteSpace="normal" minWidth="3xs" maxWidth="xs">
                      {columns.zipCodes.join(', ')}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Items items={columns.roles} />
                </Table.Cell>
                <Table.Cell>
                  <Items items={columns.segments} />
                </Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
    </Stack>
  );
}
