import { Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useState } from 'react';
import { zipCodesGate } from '@bidgrid/shared/campaigns/step-gates';
import { mergeZipCodes, readTypedZipCodes } from '@bidgrid/shared/targeting/zip-codes';
import { advance, stay, type TWizardStepProps } from '@/lib/wizard-step';
import { addTypedCodes, NO_TYPING, ZipCodeEntry, type TZipTyping } from './zip-code-entry';

/**
 * The wizard's Zip Codes step (001 §2), filling the `zipCodesStep` slot: the codes kept in the draft's
 * `selectedZipCodes` (so a reload shows them again; the creation payload sends them as `geo_zip`).
 * Next first adds the codes typed into the box and not added yet, or stays saying why some cannot be
 * (they stay in the box); then it needs at least one code: 'Please, enter the required zip codes.'
 */
export function ZipCodesStep({ draft, updateDraft, setNextHandler, busy }: TWizardStepProps) {
  const codes = draft.selectedZipCodes;
  const [typing, setTyping] = useState<TZipTyping>(NO_TYPING);
  const changeCodes = useCallback(
    (change: (kept: readonly string[]) => string[]) =>
      updateDraft((current) => ({ ...current, selectedZipCodes: change(current.selectedZipCodes) })),
    [updateDraft],
  );

  useEffect(() => {
    setNextHandler(async () => {
      const left = addTypedCodes(typing, changeCodes);
      setTyping(left);
      if (left.error) return stay(left.error);
      const gate = zipCodesGate(mergeZipCodes(codes, readTypedZipCodes(typing.text).valid));
      return gate ? stay(gate) : advance;
    });
    return () => setNextHandler(null);
  }, [codes, typing, changeCodes, setNextHandler]);

  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        Enter the zip codes this campaign targets, or upload them in a .csv file.
      </Text>
      <ZipCodeEntry codes={codes} typing={typing} onTypingChange={setTyping} disabled={busy} onChange={changeCodes} />
    </Stack>
  );
}
