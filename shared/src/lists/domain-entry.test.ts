import { describe, expect, it } from 'vitest';
import { domainEntryKey, entryHost, isHostName, parseDomainEntry } from './domain-entry';

describe('parseDomainEntry', () => {
  it.each([
    ['acme.com', 'acme.com'],
    ['  "Acme.COM"  ', 'acme.com'],
    ['https://www.acme.com/', 'acme.com'],
    ['http://acme.com:8080', 'acme.com'],
    ['www.acme.co.uk', 'acme.co.uk'],
    ['info.acme.com', 'info.acme.com'],
    ['acme.com.', 'acme.com'],
    ['bücher.de', 'xn--bcher-kva.de'],
  ])('normalises %j to the domain %s', (entry, domain) => {
    expect(parseDomainEntry(entry)).toMatchObject({ kind: 'domain', domain });
  });

  it.each([
    ['acme.com/careers', 'acme.com', '/careers'],
    ['https://linkedin.com/company/acme', 'linkedin.com', '/company/acme'],
    ['acme.com?utm_source=x', 'acme.com', '?utm_source=x'],
  ])('keeps %j apart as a web address with a path', (entry, host, path) => {
    expect(parseDomainEntry(entry)).toEqual({ kind: 'path', entry, host, path });
  });

  it.each(['Acme Corp', 'Acme', "O'Neil & Sons, Inc.", 'Société Générale'])('reads %j as a company name', (entry) => {
    expect(parseDomainEntry(entry).kind).toBe('name-only');
  });

  it.each(['info@acme.com', '192.168.0.1', 'ftp://acme.com', 'acme..com', '-acme.com', 'acme.c0m', '!!!', '12345', ''])(
    'refuses %j as not a domain',
    (entry) => {
      expect(parseDomainEntry(entry).kind).toBe('not-a-domain');
    },
  );

  it('groups spellings of one domain under one key, and other entries under their text', () => {
    expect(domainEntryKey(parseDomainEntry('https://www.Acme.com/'))).toBe(
      domainEntryKey(parseDomainEntry('acme.com')),
    );
    expect(domainEntryKey(parseDomainEntry('Acme Corp'))).toBe('acme corp');
  });

  it('checks host names label by label', () => {
    expect(isHostName('a.co')).toBe(true);
    expect(isHostName(`${'a'.repeat(64)}.com`)).toBe(false);
    expect(isHostName('localhost')).toBe(false);
  });

  it('gives the host a domain or a web address points at, and none for a name or an e-mail', () => {
    // Act
    const hosts = ['https://www.Acme.com/about', 'shop.acme.com', 'Acme Corp', 'info@acme.com'].map((entry) =>
      entryHost(parseDomainEntry(entry)),
    );

    // Assess
    expect(hosts).toEqual(['acme.com', 'shop.acme.com', null, null]);
  });
});
