import { Box, List, Text } from '@chakra-ui/react';

/** The invalid assets of the last batch of files, each with the rule's message (001 §5). */
export function InvalidAssets({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1">
        Invalid assets
      </Text>
      <List.Root ps="4" gap="1" aria-label="Invalid assets">
        {messages.map((message) => (
          <List.Item key={message} color="fg.error" fontSize="sm">
            {message}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
