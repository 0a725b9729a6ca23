import { Alert, Box, Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Error state of a data view: what failed and, when possible, a way to try again. */
export function ErrorState({ title, message, onRetry }: { title: string; message?: string; onRetry?: () => void }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="flex-start">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        {message ? <Alert.Description>{message}</Alert.Description> : null}
        {onRetry ? (
          <Box mt="3">
            <Button size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          </Box>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
}

/** Empty state of a data view. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" p="6" textAlign="center">
      <Text color="fg.muted">{children}</Text>
    </Box>
  );
}

/**
 * Why the last action of a form or step failed (the server's message), announced as an alert; nothing
 * when it did not fail. The one way dialogs and steps show it.
 */
export function FailureAlert({ failure }: { failure: string | null | undefined }) {
  if (!failure) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{failure}</Alert.Title>
    </Alert.Root>
  );
}
