import { Button, HStack, Spinner, Text } from '@chakra-ui/react';

/** 'invoices' -> 'invoice', 'entries' -> 'entry': the nouns a list names itself by. */
const singular = (plural: string): string => plural.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * The note under a list that loads a page at a time (issue 9 §6): 'Loading more...' with how many rows are
 * in while the next pages come, or, when one failed, that not every row is there and a way to go on.
 * Nothing once the last page is in.
 */
export function LoadingMore({
  progress,
  failed,
  onRetry,
  what = 'rows',
}: {
  progress: { readonly loaded: number; readonly done: boolean };
  /** A later page failed (the API client has shown why): loading stopped until `onRetry`. */
  failed: boolean;
  onRetry: () => void;
  /** What the list holds, for the text: 'rows', 'invoices', 'line items'. */
  what?: string;
}) {
  if (progress.done || progress.loaded === 0) return null;
  if (failed) {
    return (
      <HStack gap="3" role="alert">
        <Text
          fontSize="sm"
          color="fg.error"
        >{`Not every ${singular(what)} could be loaded (${progress.loaded} shown).`}</Text>
        <Button size="xs" variant="outline" onClick={onRetry}>
          Load the rest
        </Button>
      </HStack>
    );
  }
  return (
    <HStack gap="2" role="status" aria-live="polite">
      <Spinner size="xs" color="blue.700" />
      <Text fontSize="sm" color="fg.muted">{`Loading more... (${progress.loaded} ${what} loaded)`}</Text>
    </HStack>
  );
}
