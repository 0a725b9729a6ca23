import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import type { TMissExplanations } from '../use-miss-explanations';

const count = (n: number): string => n.toLocaleString('en-US');

/** Ours: the line shown while the misses of a match are explained in the background. */
export const checkingMissesText = (total: number, done: number | null): string =>
  `Checking why ${count(total)} ${total === 1 ? 'domain' : 'domains'} did not match…${done === null ? '' : ` ${count(done)} of ${count(total)}`}`;

/** Ours: the line shown when that check failed. */
export const missesCheckFailedText = (total: number, message: string): string =>
  `Why ${count(total)} ${total === 1 ? 'domain' : 'domains'} did not match could not be checked: ${message}`;

/**
 * The background check of a match's misses (`useMissExplanations`), in one line above the table: its
 * progress while it runs, or its failure with a way to try again; nothing once it is done. The table
 * stays usable meanwhile.
 */
export function MissExplanationStatus({ misses }: { misses: TMissExplanations }) {
  if (misses.count === 0) return null;
  if (misses.pending) {
    const done = misses.progress ? Math.min(misses.progress.done, misses.count) : null;
    return (
      <HStack gap="2" mb="3" role="status" aria-live="polite">
        <Spinner size="xs" aria-hidden="true" />
        <Text fontSize="sm" color="fg.muted">
          {checkingMissesText(misses.count, done)}
        </Text>
      </HStack>
    );
  }
  if (misses.error) {
    return (
      <HStack gap="3" mb="3" role="alert" wrap="wrap">
        <Text fontSize="sm" color="fg.error">
          {missesCheckFailedText(misses.count, misses.error.message)}
        </Text>
        <Button size="xs" variant="outline" onClick={() => void misses.retry()}>
          Check again
        </Button>
      </HStack>
    );
  }
  return null;
}
