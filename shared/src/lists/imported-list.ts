import { EMAIL_GROUP_THRESHOLD, GENERAL_EMAIL_GROUP } from '../constants';
import { parseDomainEntry } from './domain-entry';
import { EMAIL_PATTERN } from '../common/fields';
import { VALIDATION_MESSAGES as M, invalidImportMessage } from '../common/messages';

/**
 * Imported lists (001 §5): CSV uploads of company domains (Target Companies) and of e-mails (CRM
 * Re-targeting), pattern checks, and the grouping of e-mails by domain.
 */

/** What an imported list holds; also the `{kind}` of the invalid-entries message. */
export type TImportKind = 'emails' | 'domains';

/**
 * Whether an entry is of its kind: an e-mail by its pattern; a company domain as company matching reads
 * it (`parseDomainEntry`: optional http(s):// and `www.`, a host name with a real top-level part, no
 * path, no company name), so the file's message and each row's reason never disagree.
 */
const IS_KIND: Record<TImportKind, (entry: string) => boolean> = {
  emails: (entry) => EMAIL_PATTERN.test(entry),
  domains: (entry) => parseDomainEntry(entry).kind === 'domain',
};

/**
 * Splits a CSV file's text into entries, one a line: carriage returns removed, blanks dropped, each
 * entry trimmed and stripped of wrapping double quotes (spreadsheets quote cells).
 */
export function splitCsvLines(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim(),
    )
    .filter((line) => line !== '');
}

/** Splits the contact lists the CRM returns ("comma-separated emails", 001 §7) and CSV lines alike. */
export function splitEmailList(text: string): string[] {
  return splitCsvLines(text.replace(/[,;]/g, '\n'));
}

/** Valid and invalid entries of an imported list, and the message to show when any is invalid. */
export interface TImportCheck {
  valid: string[];
  invalid: string[];
  message: string | null;
}

/**
 * Checks entries against the rule of their kind. A first line that is just the column name
 * (`email`, `emails`, `domain`, `domains`) is a header and skipped rather than reported.
 */
export function checkImportedEntries(entries: readonly string[], kind: TImportKind): TImportCheck {
  const headers = kind === 'emails' ? ['email', 'emails'] : ['domain', 'domains'];
  const rows = entries.length > 0 && headers.includes((entries[0] ?? '').toLowerCase()) ? entries.slice(1) : entries;
  const isKind = IS_KIND[kind];
  const valid = rows.filter((entry) => isKind(entry));
  const invalid = rows.filter((entry) => !isKind(entry));
  return { valid, invalid, message: invalid.length > 0 ? invalidImportMessage(kind, invalid) : null };
}

/** Something with the text of a file: a browser `File`/`Blob`, or a test double. */
export interface TReadableFile {
  name: string;
  text(): Promise<string>;
}

/** Outcome of reading a CSV upload: its lines, or the message to show (for 10 s, 001 §9). */
export type TCsvRead = { ok: true; lines: string[] } | { ok: false; message: string };

/**
 * Reads a CSV upload: exactly one `.csv` file, split into lines. A read that fails gives 'There was
 * an error uploading your file. Please try again.'
 */
export async function readCsvUpload(files: readonly TReadableFile[]): Promise<TCsvRead> {
  const [file] = files;
  if (files.length !== 1 || !file || !file.name.toLowerCase().endsWith('.csv')) {
    return { ok: false, message: M.csvOneFile };
  }
  try {
    return { ok: true, lines: splitCsvLines(await file.text()) };
  } catch {
    return { ok: false, message: M.fileUploadError };
  }
}

/**
 * Groups e-mails by domain (001 §2): a domain with 20 or more addresses keeps its own group; the
 * others go together into the 'general' group, last. Addresses are trimmed and lower-cased (mail
 * systems treat them so in practice), de-duplicated, and groups keep first-seen order. The groups have the shape of the draft's
 * `foundEmailsInfo.emailsToHash` entries (`TEmailGroup` of entities/company.schema).
 */
export function groupEmailsByDomain(
  emails: readonly string[],
  threshold: number = EMAIL_GROUP_THRESHOLD,
): Array<{ domain: string; emails: string[] }> {
  const byDomain = new Map<string, string[]>();
  const seen = new Set<string>();
  for (const raw of emails) {
    const email = raw.trim().toLowerCase();
    const at = email.lastIndexOf('@');
    if (at <= 0 || at === email.length - 1 || seen.has(email)) continue;
    seen.add(email);
    const domain = email.slice(at + 1);
    const group = byDomain.get(domain);
    if (group) group.push(email);
    else byDomain.set(domain, [email]);
  }
  const groups: Array<{ domain: string; emails: string[] }> = [];
  const general: string[] = [];
  for (const [domain, addresses] of byDomain) {
    if (addresses.length >= threshold) groups.push({ domain, emails: addresses });
    else general.push(...addresses);
  }
  if (general.length > 0) groups.push({ domain: GENERAL_EMAIL_GROUP, emails: general });
  return groups;
}
