import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZUtmForm, buildUtmUrl } from './utm.schema';

describe('ZUtmForm', () => {
  it('requires campaign, content and medium', () => {
    expect(fieldErrorsOf(ZUtmForm, { source: 'x' })).toEqual({
      campaign: ['Required field.'],
      content: ['Required field.'],
      medium: ['Required field.'],
    });
  });

  it('trims values; source and term are optional', () => {
    expect(ZUtmForm.parse({ campaign: ' q4 ', content: 'banner', medium: 'display' })).toEqual({
      campaign: 'q4',
      content: 'banner',
      medium: 'display',
      source: '',
      term: '',
    });
  });
});

describe('buildUtmUrl', () => {
  it("replaces the page's query string with encoded UTM parameters in the spec's order", () => {
    const utm = ZUtmForm.parse({
      campaign: 'winter sale',
      content: 'a&b',
      medium: 'display',
      source: 'bidgrid',
      term: '',
    });
    expect(buildUtmUrl('https://acme.com/sale?old=1&x=2#top', utm)).toBe(
      'https://acme.com/sale?utm_campaign=winter%20sale&utm_content=a%26b&utm_medium=display&utm_source=bidgrid#top',
    );
  });

  it('adds the query to a page without one', () => {
    const utm = ZUtmForm.parse({ campaign: 'c', content: 'n', medium: 'm', source: 's', term: 't' });
    expect(buildUtmUrl('acme.com', utm)).toBe(
      'acme.com?utm_campaign=c&utm_content=n&utm_medium=m&utm_source=s&utm_term=t',
    );
  });
});
