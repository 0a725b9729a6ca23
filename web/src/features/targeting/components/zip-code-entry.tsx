import { Box, Button, Field, HStack, Stack, Text, Textarea, Wrap } from '@chakra-ui/react';
import { checkZipCodes, mergeZipCodes, parseZipCodes, readTypedZipCodes } from '@bidgrid/shared/targeting/zip-codes';
import { CsvFileButton, showCsvError } from '@/components/csv-file-button';

/** Ours: a CSV whose lines hold no code at all. */
export const NO_ZIP_CODES_TEXT = 'The file has no zip codes.';

/** What the box holds: the typed text not added yet, and why the last addition left some of it there. */
export interface TZipTyping {
  readonly text: string;
  readonly error: string | null;
}
export const NO_TYPING: TZipTyping = { text: '', error: null };

/**
 * Adds the box's codes to the kept list (Add Codes, and the wizard's Next): the codes that fit are
 * added, the refused ones stay in the box with the reason. Returns what the box holds after it.
 */
export function addTypedCodes(
  typing: TZipTyping,
  onChange: (change: (codes: readonly string[]) => string[]) => void,
): TZipTyping {
  const typed = readTypedZipCodes(typing.text);
  if (typed.valid.length > 0) onChange((kept) => mergeZipCodes(kept, typed.valid));
  return { text: typed.rest, error: typed.message };
}

export interface ZipCodeEntryProps {
  /** The codes kept so far (the wizard's `selectedZipCodes`, or the page's list). */
  readonly codes: readonly string[];
  /**
   * Changes the kept list after each addition, removal or clearing; the change is a function of the
   * latest list, so two quick edits (two removals before a render) never lose one.
   */
  readonly onChange: (change: (codes: readonly string[]) => string[]) => void;
  /** The box's text and its error, held by the page (the wizard's Next adds what is typed there). */
  readonly typing: TZipTyping;
  readonly onTypingChange: (typing: TZipTyping) => void;
  /** Blocks every change (the wizard's Next is at work). */
  readonly disabled?: boolean;
}

/**
 * ZIP code entry (001 §2 "Zip Codes", §5 "CSV upload"): codes typed into a box (separated by commas or
 * new lines) or read from one .csv file where each line may hold comma-separated codes. Both go through
 * the shared rules (trimmed, blanks dropped, duplicates removed, a US ZIP or Canadian postal code of at most 16 characters: another
 * stays in the box, or is named in the 10 s CSV error) and are added to the kept list, which shows its
 * count and lets each code be removed. The wizard's Zip Codes step and the /zip-codes page both use it.
 */
export function ZipCodeEntry({ codes, onChange, typing, onTypingChange, disabled = false }: ZipCodeEntryProps) {
  const upload = (lines: string[]): void => {
    const checked = checkZipCodes(parseZipCodes(lines.join('\n')));
    if (checked.message) showCsvError(checked.message);
    if (checked.valid.length === 0) return checked.message ? undefined : showCsvError(NO_ZIP_CODES_TEXT);
    onChange((kept) => mergeZipCodes(kept, checked.valid));
  };

  return (
    <Stack gap="5" maxW="3xl">
      <Field.Root disabled={disabled} invalid={typing.error !== null}>
        <Field.Label>Zip codes</Field.Label>
        <Textarea
          rows={4}
          value={typing.text}
          placeholder="e.g. 62701, 78701"
          onChange={(event) => onTypingChange({ text: event.currentTarget.value, error: null })}
        />
        {typing.error ? (
          <Field.ErrorText>{typing.error}</Field.ErrorText>
        ) : (
          <Field.HelperText>Separate codes with commas or new lines.</Field.HelperText>
        )}
      </Field.Root>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="blue"
          disabled={disabled || typing.text.trim() === ''}
          onClick={() => onTypingChange(addTypedCodes(typing, onChange))}
        >
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
