import { describe, expect, it } from 'vitest';
import {
  checkImportedEntries,
  groupEmailsByDomain,
  readCsvUpload,
  splitCsvLines,
  splitEmailList,
} from './imported-list';

describe('CSV lines', () => {
  it('removes carriage returns, blank lines and wrapping quotes', () => {
    expect(splitCsvLines('acme.com\r\n"globex.com"\r\n\r\n  initech.com  \n')).toEqual([
      'acme.com',
      'globex.com',
      'initech.com',
    ]);
  });

  it('splits comma-separated contact lists', () => {
    expect(splitEmailList('a@acme.com,b@acme.com\nc@globex.com')).toEqual(['a@acme.com', 'b@acme.com', 'c@globex.com']);
  });
});

describe('checkImportedEntries', () => {
  it('lists the invalid e-mails in the message', () => {
    expect(checkImportedEntries(['a@acme.com', 'nope', 'b@', 'c@globex.com'], 'emails')).toEqual({
      valid: ['a@acme.com', 'c@globex.com'],
      invalid: ['nope', 'b@'],
      message: 'The file loaded with the following invalid emails: nope, b@',
    });
  });

  it('lists the invalid domains in the message and skips a header line', () => {
    expect(
      checkImportedEntries(['Domain', 'acme.com', 'https://www.globex.com/', 'acme', 'acme.com/about'], 'domains'),
    ).toEqual({
      valid: ['acme.com', 'https://www.globex.com/'],
      invalid: ['acme', 'acme.com/about'],
      message: 'The file loaded with the following invalid domains: acme, acme.com/about',
    });
  });

  it('reads domains as company matching does: names, addresses with a path, IPs and e-mails are no domains', () => {
    // Act
    const checked = checkImportedEntries(
      ['ACME.com', 'Acme Corp', 'http://www.acme.com:8080', '198.51.100.7', 'info@acme.com', 'globex.co.uk/'],
      'domains',
    );

    // Assess
    expect(checked.valid).toEqual(['ACME.com', 'http://www.acme.com:8080', 'globex.co.uk/']);
    expect(checked.invalid).toEqual(['Acme Corp', '198.51.100.7', 'info@acme.com']);
  });

  it('gives no message when everything is valid', () => {
    expect(checkImportedEntries(['acme.com'], 'domains').message).toBeNull();
  });
});

describe('readCsvUpload', () => {
  const file = (name: string, text: string) => ({ name, text: () => Promise.resolve(text) });

  it('reads one .csv file into lines', async () => {
    await expect(readCsvUpload([file('companies.CSV', 'acme.com\r\nglobex.com\r\n')])).resolves.toEqual({
      ok: true,
      lines: ['acme.com', 'globex.com'],
    });
  });

  it('accepts only one .csv file', async () => {
    const wrong = { ok: false, message: 'Please, upload one .csv file.' };
    await expect(readCsvUpload([])).resolves.toEqual(wrong);
    await expect(readCsvUpload([file('a.csv', ''), file('b.csv', '')])).resolves.toEqual(wrong);
    await expect(readCsvUpload([file('a.xlsx', '')])).resolves.toEqual(wrong);
  });

  it('gives the upload error when the file can not be read', async () => {
    const broken = { name: 'a.csv', text: () => Promise.reject(new Error('NotReadableError')) };
    await expect(readCsvUpload([broken])).resolves.toEqual({
      ok: false,
      message: 'There was an error uploading your file. Please try again.',
    });
  });

  it('reads a real Blob-backed file', async () => {
    const blob = Object.assign(new Blob(['a@acme.com\r\n']), { name: 'emails.csv' });
    await expect(readCsvUpload([blob])).resolves.toEqual({ ok: true, lines: ['a@acme.com'] });
  });
});

describe('groupEmailsByDomain', () => {
  it('keeps domains of 20 or more addresses as groups and puts the rest in general', () => {
    // Prepare
    const big = Array.from({ length: 20 }, (_, i) => `user${i}@acme.com`);
    const small = Array.from({ length: 19 }, (_, i) => `user${i}@globex.com`);
    // Act
    const groups = groupEmailsByDomain([...small, ...big, 'solo@initech.com']);
    // Assess
    expect(groups).toEqual([
      { domain: 'acme.com', emails: big },
      { domain: 'general', emails: [...small, 'solo@initech.com'] },
    ]);
  });

  it('lower-cases and de-duplicates addresses and ignores non-addresses', () => {
    expect(groupEmailsByDomain(['A@Acme.com', 'a@acme.com ', 'nope', '@x.com'])).toEqual([
      { domain: 'general', emails: ['a@acme.com'] },
    ]);
    expect(groupEmailsByDomain([])).toEqual([]);
  });
});
