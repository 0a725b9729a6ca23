import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { copyWithToast } from '@/lib/clipboard';
import { saveFile } from '@/lib/download-file';
import { NO_TYPING, ZipCodeEntry, type TZipTyping } from '../components/zip-code-entry';

/** Ours: the name of the cleaned list's download. */
export const ZIP_CODES_FILE = 'zip-codes.csv';
/** Ours: after the list was copied, or when the clipboard refused it. */
export const ZIP_CODES_COPIED = 'Zip codes copied to the clipboard.';
export const ZIP_CODES_COPY_FAILED = 'The zip codes could not be copied. Please allow clipboard access.';

/**
 * Zip Codes (001 §2): there is no server store for ZIP lists (a campaign keeps its codes in its own
 * targeting), so this page checks and cleans a list with the wizard's entry: typed or uploaded codes
 * become one trimmed, de-duplicated list that can be copied or downloaded as a .csv (one code a line),
 * ready for a campaign's Zip Codes step. Nothing is stored; leaving the page drops the list.
 */
export function Component() {
  const [codes, setCodes] = useState<readonly string[]>([]);
  const [typing, setTyping] = useState<TZipTyping>(NO_TYPING);

  const copy = (): Promise<void> =>
    copyWithToast(codes.join('\n'), { copied: ZIP_CODES_COPIED, failed: ZIP_CODES_COPY_FAILED }, TOAST_MS.gate);

  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        Zip Codes
      </Heading>
      <Text color="fg.muted" maxW="3xl">
        Enter zip codes or upload a .csv file to get a clean list: codes trimmed, blank entries dropped and duplicates
        removed. Copy or download it for a campaign&apos;s Zip Codes step.
      </Text>
      <ZipCodeEntry
        codes={codes}
        typing={typing}
        onTypingChange={setTyping}
        onChange={(change) => setCodes((current) => change(current))}
      />
      <HStack gap="3">
        <Button variant="outline" disabled={codes.length === 0} onClick={() => void copy()}>
          Copy List
        </Button>
        <Button
          variant="outline"
          disabled={codes.length === 0}
          onClick={() => saveFile(new Blob([`${codes.join('\r\n')}\r\n`], { type: 'text/csv' }), ZIP_CODES_FILE)}
        >
          Download CSV
        </Button>
      </HStack>
    </Stack>
  );
}
