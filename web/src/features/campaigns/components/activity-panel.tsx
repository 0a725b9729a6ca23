import { Heading, List, Stack, Table, Text } from '@chakra-ui/react';
import { LoadingMore } from '@/components/loading-more';
import { scrollRegionLabel, TableScroll } from '@/components/table-scroll';
import { formatLogDate } from '@/lib/date-format';
import { useCampaignActivity } from '../api/targeting-edit-calls';
import { ACTIVITY_TITLE, activityLines } from '../targeting-edit';

/**
 * The campaign's activity log (ours, issue 12): every targeting change after launch, newest first, with
 * who made it, when, and what was added, removed or changed.
 */
export function ActivityPanel({ bgCampaignId }: { bgCampaignId: string }) {
  const activity = useCampaignActivity(bgCampaignId);
  const entries = activity.data ?? [];
  return (
    <Stack as="section" aria-labelledby="activity-heading" gap="3">
      <Heading as="h3" id="activity-heading" size="md">
        {ACTIVITY_TITLE}
      </Heading>
      {entries.length === 0 ? (
        <Text color="fg.muted">{activity.loading ? 'Loading the activity…' : 'No targeting changes yet.'}</Text>
      ) : (
        <TableScroll regionLabel={scrollRegionLabel(ACTIVITY_TITLE)}>
          <Table.Root size="sm" aria-label={ACTIVITY_TITLE}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>When</Table.ColumnHeader>
                <Table.ColumnHeader>Who</Table.ColumnHeader>
                <Table.ColumnHeader>What changed</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {entries.map((entry) => (
                <Table.Row key={entry.id} verticalAlign="top">
                  <Table.Cell whiteSpace="nowrap">{formatLogDate(entry.at)}</Table.Cell>
                  <Table.Cell>{entry.username}</Table.Cell>
                  {/* A change can list hundreds of codes: its lines wrap, kept wide enough to read. */}
                  <Table.Cell whiteSpace="normal" minWidth="xs">
                    <List.Root gap="0.5" ps="4">
                      {activityLines(entry).map((line) => (
                        <List.Item key={line}>{line}</List.Item>
                      ))}
                    </List.Root>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableScroll>
      )}
      <LoadingMore
        progress={activity.progress}
        failed={activity.error !== undefined}
        onRetry={activity.retry}
        what="changes"
      />
    </Stack>
  );
}
