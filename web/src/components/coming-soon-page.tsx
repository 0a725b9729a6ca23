import { Heading, Stack, Text } from '@chakra-ui/react';

/**
 * A route whose screen belongs to a later release: the page's real heading from the spec and one
 * honest line, no invented data. Each feature replaces its page when its issue is built.
 */
export function ComingSoonPage({ heading }: { heading: string }) {
  return (
    <Stack gap="3" py="6">
      <Heading as="h1" size="xl">
        {heading}
      </Heading>
      <Text color="fg.muted">This area is coming in a later release of BidGrid.</Text>
    </Stack>
  );
}
