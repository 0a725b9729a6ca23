import { HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { CSV_MATCH_MAX_DOMAINS } from '@bidgrid/shared/constants';
import type { TCompanyMatchResult, TFoundCompanyInfo } from '@bidgrid/shared/targeting/company.schema';
import { checkImportedEntries } from '@bidgrid/shared/lists/imported-list';
import { CsvFileButton, showCsvError } from '@/components/csv-file-button';
import { ErrorState } from '@/components/data-states';
import { toggleMember } from '@/lib/toggle-item';
import { useCsvCompanyMatches } from '../api/company-matches.realtime';
import { domainLines, foundCompanyInfo, includedOf, initiallyIncluded, tooManyDomainsText } from '../company-rows';
import { useMissExplanations } from '../use-miss-explanations';
import { CompanyMatchProgress, CompanyMatchResults } from './company-match-blocks';

/** Ours: a CSV without a single line to match. */
export const EMPTY_FILE_TEXT = 'The file has no domains.';

export interface CsvCompanyUploadProps {
  /** Hears the draft's `foundCompanyInfo` after each match and each include toggle (the wizard step keeps it). */
  readonly onChange?: (info: TFoundCompanyInfo) => void;
  /** A match made before (the wizard's draft after a reload): shown with its include flags until a new upload. */
  readonly initial?: TFoundCompanyInfo | null;
  /** Blocks a new upload and the toggles (the wizard's Next is at work). */
  readonly disabled?: boolean;
}

/**
 * The CSV path of Target Companies (001 §2, §5): one .csv file, one domain per line (lines split,
 * carriage returns removed; a read failure says 'There was an error uploading your file. Please try
 * again.', errors shown 10 s; lines that are no domains named in 'The file loaded with the following
 * invalid domains: {list}'), matched over the realtime channel with the loading text and progress,
 * then the table of domains with matched status, include toggles and the reason for each miss. A
 * failed match shows the returned error (001 §8) with a way to try again. The wizard's Target
 * Companies step reuses it.
 *
 * The match answers fast; a miss it could only say had no ranges of its own is explained in the
 * background (a line tells how far), its reason replaced when the answer lands (the draft hears it
 * too), while the user carries on. A draft reloaded with such rows has them explained again.
 */
export function CsvCompanyUpload({ onChange, initial = null, disabled = false }: CsvCompanyUploadProps) {
  const matches = useCsvCompanyMatches();
  const [file, setFile] = useState<{ name: string; domains: string[] } | null>(null);
  const [result, setResult] = useState<TCompanyMatchResult | null>(initial);
  const [included, setIncluded] = useState<Set<string>>(() => (initial ? includedOf(initial) : new Set()));
  // The include flags the explained match goes to the draft with (the user may toggle meanwhile).
  const includedNow = useRef(included);
  useEffect(() => {
    includedNow.current = included;
  }, [included]);
  const misses = useMissExplanations((explained, of) => {
    setResult((shown) => (shown === of ? explained : shown));
    onChange?.(foundCompanyInfo(explained, includedNow.current));
  });

  // A draft saved before its misses were explained has them explained now, once.
  const initialMatch = useRef(initial);
  const { explain } = misses;
  useEffect(() => {
    if (initialMatch.current) void explain(initialMatch.current);
  }, [explain]);

  const match = async (domains: string[]): Promise<void> => {
    setResult(null);
    misses.cancel();
    try {
      const matched = await matches.call({ domains });
      const include = initiallyIncluded(matched);
      setResult(matched);
      setIncluded(include);
      includedNow.current = include;
      onChange?.(foundCompanyInfo(matched, include));
      void misses.explain(matched);
    } catch {
      // The hook holds the error; the error state below shows it (and the app toasts it).
    }
  };

  const upload = async (lines: string[], name: string): Promise<void> => {
    const domains = domainLines(lines);
    if (domains.length === 0) return showCsvError(EMPTY_FILE_TEXT);
    if (domains.length > CSV_MATCH_MAX_DOMAINS) return showCsvError(tooManyDomainsText(domains.length));
    // 001 §5, as e-mail imports do: the lines that are no domains, named for 10 s. They are matched all
    // the same, so each row says what is wrong with it.
    const { message } = checkImportedEntries(domains, 'domains');
    if (message) showCsvError(message);
    setFile({ name, domains });
    await match(domains);
  };

  const toggle = (domain: string, include: boolean): void => {
    if (disabled) return;
    const next = toggleMember(included, domain, include);
    setIncluded(next);
    if (result) onChange?.(foundCompanyInfo(result, next));
  };

  return (
    <Stack gap="5">
      <HStack gap="3" wrap="wrap">
        <CsvFileButton colorPalette="blue" disabled={matches.pending || disabled} onLines={upload} />
        <Text color="fg.muted" fontSize="sm">
          {file
            ? `${file.name}: ${file.domains.length} ${file.domains.length === 1 ? 'line' : 'lines'}`
            : 'One .csv file, one domain per line.'}
        </Text>
      </HStack>

      {matches.pending ? (
        <CompanyMatchProgress
          progress={matches.progress}
          trackLabel="Company matching progress"
          caption={
            matches.progress ? `${matches.progress.done} of ${matches.progress.total} domains checked` : 'Starting…'
          }
        />
      ) : matches.error ? (
        <ErrorState
          title="The company match failed."
          message={matches.error.message}
          onRetry={file ? () => void match(file.domains) : undefined}
        />
      ) : result ? (
        <CompanyMatchResults
          result={result}
          included={included}
          noun={['domain', 'domains']}
          misses={misses}
          onToggle={toggle}
        />
      ) : null}
    </Stack>
  );
}
