import { Box, Flex, Progress, Text } from '@chakra-ui/react';
import type { TCompanyMatchResult } from '@bidgrid/shared/targeting/company.schema';
import type { TMissExplanations } from '../use-miss-explanations';
import { CompanyMatchesTable } from './company-matches-table';
import { MissExplanationStatus } from './miss-explanation-status';

/** 001 §2: shown while the companies are matched. */
export const MATCHING_TEXT = "We're getting your company information. This may take a few minutes...";

/**
 * The waiting block of a company match (the CSV upload and the HubSpot fetch): the spec's loading
 * text, a bar filled by the realtime progress (indeterminate before the first), and a caption.
 */
export function CompanyMatchProgress({
  progress,
  trackLabel,
  caption,
}: {
  progress: { done: number; total: number } | null | undefined;
  /** The bar's name: without one of ours it would be called "50 percent". */
  trackLabel: string;
  caption: string;
}) {
  return (
    <Flex direction="column" gap="3" py="6" role="status" aria-live="polite">
      <Text>{MATCHING_TEXT}</Text>
      <Progress.Root
        value={progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null}
        size="sm"
        colorPalette="blue"
        maxW="md"
      >
        <Progress.Track aria-label={trackLabel}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="sm" color="fg.muted">
        {caption}
      </Text>
    </Flex>
  );
}

/**
 * The outcome of a company match: 'N of M <rows> matched, K included', the background check of its
 * misses, and the table with the include toggles.
 */
export function CompanyMatchResults({
  result,
  included,
  noun,
  misses,
  onToggle,
}: {
  result: TCompanyMatchResult;
  included: ReadonlySet<string>;
  /** What a row is called, one and many ('domain', 'domains'). */
  noun: readonly [string, string];
  misses: TMissExplanations;
  onToggle: (domain: string, include: boolean) => void;
}) {
  const rows = result.uniqueSegments.length;
  const kept = result.uniqueSegments.filter((row) => row.domainInfo && included.has(row.domain)).length;
  return (
    <Box>
      <Text mb="3" fontWeight="semibold">
        {`${result.matches} of ${rows} ${rows === 1 ? noun[0] : noun[1]} matched, ${kept} included`}
      </Text>
      <MissExplanationStatus misses={misses} />
      <CompanyMatchesTable rows={result.uniqueSegments} included={included} onToggle={onToggle} />
    </Box>
  );
}
