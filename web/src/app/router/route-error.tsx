import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Shown when a route fails to render or its code cannot be loaded (e.g. a deploy replaced the chunks). */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('Route error', error);
  return (
    <Container as="main" maxW="3xl" py="16">
      <Stack gap="4" align="flex-start" role="alert">
        <Heading as="h1" size="xl">
          {notFound ? 'Page not found' : 'Something went wrong'}
        </Heading>
        <Text>
          {notFound
            ? 'The page you are looking for does not exist.'
            : 'This page could not be shown. Reloading usually fixes it.'}
        </Text>
        <Button colorPalette="blue" onClick={() => window.location.assign('/')}>
          Go to the start page
        </Button>
      </Stack>
    </Container>
  );
}

/** The catch-all route inside the shell. */
export function NotFoundPage() {
  return (
    <Stack gap="4" align="flex-start" py="10">
      <Heading as="h1" size="xl">
        Page not found
      </Heading>
      <Text>The page you are looking for does not exist.</Text>
    </Stack>
  );
}
