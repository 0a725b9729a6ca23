import { Heading, Stack, Text } from '@chakra-ui/react';
import { CsvCompanyUpload } from '../components/csv-company-upload';

/**
 * Target Companies (001 §2): the company domains a campaign targets. This page offers the CSV upload
 * path; the HubSpot lists and tiers sources come with the campaign wizard.
 */
export function Component() {
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Target Companies
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Upload a .csv file with one company domain per line. Each domain is matched to its company and the IP ranges it
        owns; a domain that does not match says why, so you can fix it and upload again.
      </Text>
      <CsvCompanyUpload />
    </Stack>
  );
}
