import { Button } from '@chakra-ui/react';
import { useRef, type ReactNode } from 'react';
import { TOAST_MS } from '@bidgrid/shared/constants';
import { readCsvUpload } from '@bidgrid/shared/lists/imported-list';
import { toaster } from '@/lib/toaster';

/** A CSV upload problem (001 §5 "CSV upload"): shown for 10 s. */
export function showCsvError(message: string): void {
  toaster.create({ type: 'error', title: message, duration: TOAST_MS.csvError, closable: true });
}

export interface CsvFileButtonProps {
  /**
   * Hears the chosen file's lines (split, carriage returns removed, by the shared `readCsvUpload`)
   * and its name. A wrong choice (not one .csv file, unreadable) is shown as the 10 s CSV error and
   * never reaches it.
   */
  readonly onLines: (lines: string[], fileName: string) => void | Promise<void>;
  readonly disabled?: boolean;
  readonly colorPalette?: string;
  readonly variant?: 'solid' | 'outline' | 'subtle' | 'ghost';
  readonly children?: ReactNode;
}

/**
 * The one way a screen takes a CSV file (001 §5 "CSV upload": one .csv file, lines split, carriage
 * returns removed, errors shown 10 s, a read failure says 'There was an error uploading your file.
 * Please try again.'): a button that opens the file chooser.
 */
export function CsvFileButton({ onLines, disabled = false, colorPalette, variant, children }: CsvFileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const read = async (files: File[]): Promise<void> => {
    const result = await readCsvUpload(files);
    if (!result.ok) return showCsvError(result.message);
    await onLines(result.lines, files[0]?.name ?? '');
  };
  return (
    <>
      <Button
        {...(colorPalette ? { colorPalette } : {})}
        {...(variant ? { variant } : {})}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {children ?? 'Upload CSV'}
      </Button>
      {/* The button opens the file chooser; the input itself stays out of sight and out of the tab order. */}
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        onChange={(event) => {
          const chosen = Array.from(event.currentTarget.files ?? []);
          // Clear the input so choosing the same file again fires a change.
          event.currentTarget.value = '';
          void read(chosen);
        }}
      />
    </>
  );
}
