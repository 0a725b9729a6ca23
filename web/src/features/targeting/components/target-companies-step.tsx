import { Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { targetCompaniesGate } from '@bidgrid/shared/validation/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { CsvCompanyUpload } from './csv-company-upload';

/** Matched companies the user keeps: each becomes a line item. */
const includedMatches = (info: TWizardStepProps['draft']['foundCompanyInfo']): number =>
  (info?.uniqueSegments ?? []).filter((row) => row.include && Boolean(row.domainInfo)).length;

/**
 * The wizard's Target Companies step (001 §2), filling the `targetCompaniesStep` slot: the CSV upload
 * of this feature, its matched and include flags kept in the draft's `foundCompanyInfo` (so a reload
 * shows them again). Next needs at least one included, matched company. The HubSpot Lists and Tiers
 * sources come with the CRM targeting release.
 */
export function TargetCompaniesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const info = draft.foundCompanyInfo;

  useEffect(() => {
    setNextHandler(async () => {
      const gate = targetCompaniesGate('csv', includedMatches(info));
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [info, setNextHandler]);

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Upload a .csv file with one company domain per line. Each matched company you include gets its own line item.
      </Text>
      <CsvCompanyUpload
        initial={info}
        disabled={busy}
        onChange={(found) => updateDraft((current) => ({ ...current, foundCompanyInfo: found }))}
      />
    </Stack>
  );
}
