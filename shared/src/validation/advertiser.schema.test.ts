import { describe, expect, it } from 'vitest';
import { ADVERTISER_DOMAIN_PATTERN, ZAdvertiserForm, advertiserFormToFields } from './advertiser.schema';
import { fieldErrorsOf } from './field-errors';

const valid = {
  name: 'Acme',
  phoneNumber: '+1 555 0100',
  firstAddress: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  postalCode: '62701',
  domain: 'acme.com',
};

describe('ZAdvertiserForm', () => {
  it('requires every field but the second address', () => {
    expect(fieldErrorsOf(ZAdvertiserForm, { secondAddress: '' })).toEqual({
      name: ['Required field.'],
      phoneNumber: ['Required field.'],
      firstAddress: ['Required field.'],
      city: ['Required field.'],
      state: ['Required field.'],
      postalCode: ['Required field.'],
      domain: ['Required field.'],
    });
  });

  it('refuses a domain with a path or without a proper ending', () => {
    for (const domain of ['acme.com/about', 'acme', 'acme.c', 'acme .com', '-acme.com', 'ftp://acme.com']) {
      expect(fieldErrorsOf(ZAdvertiserForm, { ...valid, domain }), domain).toEqual({
        domain: ['Must be a valid domain without path'],
      });
    }
  });

  it('accepts scheme, subdomains, port and fragment', () => {
    for (const domain of ['acme.com', 'https://www.acme.co.uk', 'http://shop-1.acme.io:8080', 'acme.com#top']) {
      expect(ADVERTISER_DOMAIN_PATTERN.test(domain), domain).toBe(true);
    }
  });

  it('trims values and maps them to the create call names', () => {
    const form = ZAdvertiserForm.parse({ ...valid, name: ' Acme ' });
    expect(advertiserFormToFields(form)).toEqual({
      name: 'Acme',
      phone: '+1 555 0100',
      address_1: '1 Main St',
      address_2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      domain: 'acme.com',
    });
  });
});
