import { Box, Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One numbered section of a legal document. */
export interface LegalSection {
  /** The anchor of the section (`#fees`), also used by the table of contents. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A readable legal document: title, date, introduction, a table of contents linking to each section,
 * and the numbered sections. Line length is capped for reading; headings give screen-reader users an
 * outline to jump through.
 */
export function LegalDocument({
  title,
  lastUpdated,
  intro,
  sections,
}: {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <Box as="article" maxW="3xl" mx="auto" lineHeight="tall">
      <Stack gap="3" mb="8">
        <Heading as="h1" size="3xl">
          {title}
        </Heading>
        <Text color="fg.muted">Last updated: {lastUpdated}</Text>
        <Box>{intro}</Box>
      </Stack>
      <Box as="nav" aria-labelledby="legal-contents" borderWidth="1px" rounded="l2" p="5" mb="10" bg="gray.50">
        <Heading as="h2" id="legal-contents" size="md" mb="3">
          Contents
        </Heading>
        <List.Root as="ol" ps="5" gap="1">
          {sections.map((section) => (
            <List.Item key={section.id}>
              <Link href={`#${section.id}`} color="blue.700">
                {section.title}
              </Link>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="10">
        {sections.map((section, index) => (
          <Box as="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
            <Heading as="h2" id={`${section.id}-heading`} size="xl" mb="3">
              {`${index + 1}. ${section.title}`}
            </Heading>
            <Stack gap="3">{section.body}</Stack>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}

/** A paragraph of legal text. */
export function P({ children }: { children: ReactNode }) {
  return <Text>{children}</Text>;
}

/** A bulleted list of legal text. */
export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List.Root ps="5" gap="2">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

/** A subsection heading inside a section. */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h3" size="md" mt="2">
      {children}
    </Heading>
  );
}
