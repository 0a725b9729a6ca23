import { Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { zipCodesGate } from '@bidgrid/shared/validation/step-gates';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { ZipCodeEntry } from './zip-code-entry';

/**
 * The wizard's Zip Codes step (001 §2), filling the `zipCodesStep` slot: the codes kept in the draft's
 * `selectedZipCodes` (so a reload shows them again; the creation payload sends them as `geo_zip`).
 * Next needs at least one code: 'Please, enter the required zip codes.'
 */
export function ZipCodesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const codes = draft.selectedZipCodes;

  useEffect(() => {
    setNextHandler(async () => {
      const gate = zipCodesGate(codes);
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [codes, setNextHandler]);

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Enter the zip codes this campaign targets, or upload them in a .csv file.
      </Text>
      <ZipCodeEntry
        codes={codes}
        disabled={busy}
        onChange={(change) =>
          updateDraft((current) => ({ ...current, selectedZipCodes: change(current.selectedZipCodes) }))
        }
      />
    </Stack>
  );
}
