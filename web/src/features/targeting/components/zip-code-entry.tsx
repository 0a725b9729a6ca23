import { Box, Button, Field, HStack, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { mergeZipCodes, parseZipCodes } from '@bidgrid/shared/validation/zip-codes';
import { CsvFileButton, showCsvError } from '@/components/csv-file-button';

/** Ours: a CSV whose lines hold no code at all. */
export const NO_ZIP_CODES_TEXT = 'The file has no zip codes.';

export interface ZipCodeEntryProps {
  /** The codes kept so far (the wizard's `selectedZipCodes`, or the page's list). */
  readonly codes: readonly string[];
  /**
   * Changes the kept list after each addition, removal or clearing; the change is a function of the
   * latest list, so two quick edits (two removals before a render) never lose one.
   */
  readonly onChange: (change: (codes: readonly string[]) => string[]) => void;
  /** Blocks every change (the wizard's Next is at work). */
  readonly disabled?: boolean;
}

/**
 * ZIP code entry (001 §2 "Zip Codes", §5 "CSV upload"): codes typed into a box (separated by commas or
 * new lines) or read from one .csv file where each line may hold comma-separated codes. Both go through
 * the shared rules (trimmed, blanks dropped, duplicates removed) and are added to the kept list, which
 * shows its count and lets each code be removed. The wizard's Zip Codes step and the /zip-codes page
 * both use it.
 */
export function ZipCodeEntry({ codes, onChange, disabled = false }: ZipCodeEntryProps) {
  const [text, setText] = useState('');

  const addText = (): void => {
    const added = parseZipCodes(text);
    if (added.length === 0) return;
    onChange((kept) => mergeZipCodes(kept, added));
    setText('');
  };

  const upload = (lines: string[]): void => {
    const added = parseZipCodes(lines.join('\n'));
    if (added.length === 0) return showCsvError(NO_ZIP_CODES_TEXT);
    onChange((kept) => mergeZipCodes(kept, added));
  };

  return (
    <Stack gap="5" maxW="3xl">
      <Field.Root disabled={disabled}>
        <Field.Label>Zip codes</Field.Label>
        <Textarea
          rows={4}
          value={text}
          placeholder="e.g. 62701, 78701"
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Field.HelperText>Separate codes with commas or new lines.</Field.HelperText>
      </Field.Root>
      <HStack gap="3" wrap="wrap">
        <Button colorPalette="blue" disabled={disabled || text.trim() === ''} onClick={addText}>
          Add Codes
        </Button>
        <CsvFileButton variant="outline" disabled={disabled} onLines={upload} />
        <Text color="fg.muted" fontSize="sm">
          One .csv file; each line may hold comma-separated codes.
        </Text>
      </HStack>
      <Box>
        <HStack justify="space-between" mb="2">
          <Text fontWeight="semibold" role="status" aria-live="polite">
            {`${codes.length} ${codes.length === 1 ? 'zip code' : 'zip codes'}`}
          </Text>
          {codes.length > 0 ? (
            <Button size="xs" variant="ghost" disabled={disabled} onClick={() => onChange(() => [])}>
              Clear All
            </Button>
          ) : null}
        </HStack>
        <Wrap gap="2" as="ul" aria-label="Zip codes kept" listStyleType="none">
          {codes.map((code) => (
            <HStack as="li" key={code} gap="1" borderWidth="1px" borderRadius="md" ps="2" pe="1" py="0.5">
              <Text fontSize="sm">{code}</Text>
              <Button
                size="2xs"
                variant="ghost"
                aria-label={`Remove ${code}`}
                disabled={disabled}
                onClick={() => onChange((kept) => kept.filter((other) => other !== code))}
              >
                ×
              </Button>
            </HStack>
          ))}
        </Wrap>
      </Box>
    </Stack>
  );
}
