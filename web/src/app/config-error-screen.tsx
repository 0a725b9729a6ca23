import { Box, ChakraProvider, Code, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { system } from '@/theme/system';

/** Shown instead of the app when the runtime config cannot be read (from the page or `/runtime-config.json`) or is invalid. */
export function ConfigErrorScreen({ message }: { message: string }) {
  return (
    <ChakraProvider value={system}>
      <Container as="main" maxW="2xl" py="16">
        <Stack gap="4" role="alert">
          <Heading as="h1" size="xl">
            BidGrid cannot start
          </Heading>
          <Text>The app could not read its configuration, so it cannot reach the sign-in service or the API.</Text>
          <Box>
            <Code whiteSpace="pre-wrap" p="3" display="block" colorPalette="red">
              {message}
            </Code>
          </Box>
          <Text>Reload the page in a moment. If this keeps happening, contact support.</Text>
        </Stack>
      </Container>
    </ChakraProvider>
  );
}
