import { Box, Button, Checkbox, Code, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TRetargetingSegment } from '@bidgrid/shared/segments/retargeting-segment.schema';
import { EmptyState, ErrorState } from '@/components/data-states';
import { LoadingMore } from '@/components/loading-more';
import { copyWithToast } from '@/lib/clipboard';
import { formatShortDate } from '@/lib/date-format';
import { useSegments } from '../api/segment-calls';
import { visibleTag, visitorSegments } from '../segment-display';
import { CHOOSE_ADVERTISER, CREATE_SEGMENT, NO_SEGMENTS, TAG_COPIED, TAG_COPY_FAILED } from '../segment-messages';
import { CreateSegmentDialog } from './create-segment-dialog';

export interface VisitorSegmentsProps {
  readonly advertiserId: string | null;
  /** The advertisers the create-segment modal offers (the step offers only the draft's). */
  readonly advertisers: readonly TAdvertiser[];
  /** The chosen segment keys, when segments can be chosen (the wizard step); the page only lists them. */
  readonly selected?: readonly string[];
  readonly onToggle?: (segment: TRetargetingSegment, chosen: boolean) => void;
  readonly disabled?: boolean;
  /** Hears a segment made with the modal (the step chooses it). */
  readonly onCreated?: (segment: TRetargetingSegment) => void;
}

/**
 * The visitor retargeting segments of an advertiser (001 §2): the CRM ones ('Hashed Emails for ...')
 * hidden, each with its tag snippet shown without its first image tag and a Copy button (which copies
 * the whole snippet, the one to put on the site), and the create-segment modal. Shared by the
 * /visitors-retargeting page and the wizard's step.
 */
export function VisitorSegments({
  advertiserId,
  advertisers,
  selected,
  onToggle,
  disabled = false,
  onCreated,
}: VisitorSegmentsProps) {
  const segments = useSegments(advertiserId);
  const [creating, setCreating] = useState(false);
  const shown = visitorSegments(segments.data ?? []);

  const copy = (segment: TRetargetingSegment): Promise<void> =>
    copyWithToast(segment.tag, { copied: TAG_COPIED, failed: TAG_COPY_FAILED }, TOAST_MS.gate);

  return (
    <Stack gap="4">
      <HStack>
        <Button colorPalette="blue" disabled={disabled} onClick={() => setCreating(true)}>
          {CREATE_SEGMENT}
        </Button>
      </HStack>
      {!advertiserId ? (
        <EmptyState>{CHOOSE_ADVERTISER}</EmptyState>
      ) : segments.error && !segments.data ? (
        <ErrorState
          title="The segments could not be loaded."
          message={segments.error.message}
          onRetry={segments.retry}
        />
      ) : !segments.data ? (
        <Flex py="6" justify="center">
          <Spinner aria-label="Loading segments" />
        </Flex>
      ) : shown.length === 0 ? (
        <EmptyState>{NO_SEGMENTS}</EmptyState>
      ) : (
        <Stack as="ul" gap="3" aria-label="Segments" listStyleType="none">
          {shown.map((segment) => (
            <Box as="li" key={segment.segment_key} borderWidth="1px" rounded="l2" p="4">
              <Flex justify="space-between" gap="3" wrap="wrap">
                {selected && onToggle ? (
                  <Checkbox.Root
                    colorPalette="blue"
                    checked={selected.includes(segment.segment_key)}
                    disabled={disabled}
                    onCheckedChange={(details) => onToggle(segment, details.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label fontWeight="semibold">{segment.segment_name}</Checkbox.Label>
                  </Checkbox.Root>
                ) : (
                  <Text fontWeight="semibold">{segment.segment_name}</Text>
                )}
                <Text fontSize="sm" color="fg.muted">
                  {`Created ${formatShortDate(segment.create_date)}`}
                </Text>
              </Flex>
              {segment.segment_description ? <Text mt="1">{segment.segment_description}</Text> : null}
              <Flex mt="3" gap="3" align="flex-start">
                <Code
                  as="pre"
                  flex="1"
                  p="2"
                  whiteSpace="pre-wrap"
                  wordBreak="break-all"
                  fontSize="xs"
                  aria-label={`Tag of ${segment.segment_name}`}
                >
                  {visibleTag(segment.tag)}
                </Code>
                <Button size="sm" variant="outline" onClick={() => void copy(segment)}>
                  Copy
                  <Text as="span" srOnly>
                    {` tag of ${segment.segment_name}`}
                  </Text>
                </Button>
              </Flex>
            </Box>
          ))}
        </Stack>
      )}
      {advertiserId ? (
        <LoadingMore
          progress={segments.progress}
          failed={Boolean(segments.error)}
          onRetry={segments.retry}
          what="segments"
        />
      ) : null}
      {creating ? (
        <CreateSegmentDialog
          advertisers={advertisers}
          advertiserId={advertiserId}
          onClose={() => setCreating(false)}
          onCreated={onCreated}
        />
      ) : null}
    </Stack>
  );
}
