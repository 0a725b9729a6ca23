import { Box, Button, Card, Heading, List } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One dashboard card: icon, title, description list and a Create button (spec 000 §2, 001 §1). */
export function CampaignCard({
  icon,
  title,
  description,
  onCreate,
}: {
  icon: ReactNode;
  title: string;
  description: readonly string[];
  onCreate: () => void;
}) {
  return (
    <Card.Root as="article" height="full" aria-label={title}>
      <Card.Header>
        <Box color="blue.700" mb="2">
          {icon}
        </Box>
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <List.Root gap="1" ps="4">
          {description.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List.Root>
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="blue" onClick={onCreate} aria-label={`Create: ${title}`}>
          Create
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}
