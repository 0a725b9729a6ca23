import { Box, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The centred card of the signed-out pages (password reset, sign-up), matching the login page. */
export function AuthCard({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Box maxW="md" mx="auto" py={{ base: '6', md: '12' }}>
      <Box borderWidth="1px" rounded="l3" bg="bg.panel" boxShadow="sm" p={{ base: '6', md: '8' }}>
        <Heading as="h1" size="2xl" textAlign="center" mb="6">
          {heading}
        </Heading>
        {children}
      </Box>
    </Box>
  );
}

/** A form-level error (role alert, so screen readers announce it when it appears). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box role="alert" color="fg.error" fontWeight="medium">
      {message}
    </Box>
  );
}

/** A form-level confirmation (role status: announced politely). */
export function FormNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Box role="status" p="3" rounded="l2" bg="green.50" color="fg.success" fontWeight="medium">
      {message}
    </Box>
  );
}
