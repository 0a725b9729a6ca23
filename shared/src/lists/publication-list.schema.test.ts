import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import {
  PUBLICATION_DOMAIN_PATTERN,
  ZPublicationListCreateForm,
  ZPublicationListEditForm,
  dedupeDomains,
  splitDomainInput,
} from './publication-list.schema';

const INVALID =
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'";
const NOT_UNIQUE = 'Some of your domains are not unique! Consider that each domain should be unique!';

describe('publication list domains', () => {
  it('splits on spaces, new lines and commas', () => {
    expect(splitDomainInput(' cnn.com,bbc.co.uk\r\nnytimes.com  wsj.com,, ')).toEqual([
      'cnn.com',
      'bbc.co.uk',
      'nytimes.com',
      'wsj.com',
    ]);
  });

  it('matches the pattern: optional scheme and www, name of 3+, ending of 2+ letters, port and path', () => {
    for (const domain of ['cnn.com', 'www.cnn.com', 'https://cnn.com:8080/world', 'news.bbc.co.uk']) {
      expect(PUBLICATION_DOMAIN_PATTERN.test(domain), domain).toBe(true);
    }
    for (const domain of ['ab.com', 'cnn', 'cnn.c', 'cnn..com', '-cnn.com', 'cnn.com:port']) {
      expect(PUBLICATION_DOMAIN_PATTERN.test(domain), domain).toBe(false);
    }
  });

  it('removes duplicates case-insensitively, keeping the first', () => {
    expect(dedupeDomains(['CNN.com', 'bbc.com', 'cnn.com'])).toEqual(['CNN.com', 'bbc.com']);
    expect(dedupeDomains(['cnn.com', 'wsj.com'], ['CNN.COM'])).toEqual(['wsj.com']);
  });
});

describe('ZPublicationListCreateForm', () => {
  it('requires name and domains', () => {
    expect(fieldErrorsOf(ZPublicationListCreateForm, { name: '', domains: ' , ' })).toEqual({
      name: ['Required field.'],
      domains: ['Required field.'],
    });
    expect(fieldErrorsOf(ZPublicationListCreateForm, {})).toEqual({
      name: ['Required field.'],
      domains: ['Required field.'],
    });
  });

  it('gives the not-valid message when any domain is bad', () => {
    expect(fieldErrorsOf(ZPublicationListCreateForm, { name: 'News', domains: 'cnn.com x.y' })).toEqual({
      domains: [INVALID],
    });
  });

  it('sends the domains without duplicates, from a text box or an array', () => {
    expect(ZPublicationListCreateForm.parse({ name: 'News', domains: 'cnn.com\ncnn.com, wsj.com' })).toEqual({
      name: 'News',
      domains: ['cnn.com', 'wsj.com'],
    });
    expect(ZPublicationListCreateForm.parse({ name: 'News', domains: [' cnn.com ', 'wsj.com'] }).domains).toEqual([
      'cnn.com',
      'wsj.com',
    ]);
  });
});

describe('ZPublicationListEditForm', () => {
  const existingDomains = [
    { domain: 'cnn.com', bgItemId: 'i1', active: true },
    { domain: 'wsj.com', bgItemId: 'i2', active: true },
  ];

  it('requires the list', () => {
    expect(fieldErrorsOf(ZPublicationListEditForm, { existingDomains })).toEqual({ domainListId: ['Required field.'] });
  });

  it('accepts no new domains, and checks those given like on create', () => {
    expect(fieldErrorsOf(ZPublicationListEditForm, { domainListId: 'dl-1', existingDomains })).toBeNull();
    expect(
      fieldErrorsOf(ZPublicationListEditForm, { domainListId: 'dl-1', newDomains: 'bad', existingDomains }),
    ).toEqual({
      newDomains: [INVALID],
    });
  });

  it('requires existing domains to be non-empty, valid and unique', () => {
    expect(
      fieldErrorsOf(ZPublicationListEditForm, {
        domainListId: 'dl-1',
        existingDomains: [{ domain: ' ' }, ...existingDomains],
      }),
    ).toEqual({ 'existingDomains.0.domain': ['Required field.'] });
    expect(
      fieldErrorsOf(ZPublicationListEditForm, {
        domainListId: 'dl-1',
        existingDomains: [{ domain: 'x' }, ...existingDomains],
      }),
    ).toEqual({ existingDomains: [INVALID] });
    expect(
      fieldErrorsOf(ZPublicationListEditForm, {
        domainListId: 'dl-1',
        existingDomains: [...existingDomains, { domain: 'CNN.com', bgItemId: 'i3' }],
      }),
    ).toEqual({ existingDomains: [NOT_UNIQUE] });
  });

  it('drops new domains the list already has and keeps fields of existing ones', () => {
    const form = ZPublicationListEditForm.parse({
      domainListId: 'dl-1',
      newDomains: 'cnn.com nytimes.com nytimes.com',
      existingDomains,
    });
    expect(form).toEqual({ domainListId: 'dl-1', newDomains: ['nytimes.com'], existingDomains });
  });
});
