import { describe, expect, it } from 'vitest';
import { ZAdvertiserForm, advertiserFormToFields, isAdvertiserDomain } from './advertiser-form.schema';
import { fieldErrorsOf } from '../common/field-errors';

const valid = {
  name: 'Acme',
  phoneNumber: '+1 512 555 0100',
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
      expect(isAdvertiserDomain(domain), domain).toBe(true);
    }
  });

  it.each([
    [':0', false],
    [':1', true],
    [':65535', true],
    [':65536', false],
    [':99999', false],
    [':0080', true],
  ])('takes a port of 1 to 65535 only: acme.com%s', (port, accepted) => {
    // Act
    const errors = fieldErrorsOf(ZAdvertiserForm, { ...valid, domain: `https://acme.com${port}#top` });
    // Assess
    expect(errors).toEqual(accepted ? null : { domain: ['Must be a valid domain without path'] });
  });

  it("refuses a phone that is no phone number with 'Must be a valid phone number'", () => {
    for (const phoneNumber of ['abc', '+1 abc', '+1 555 0100', '+1 512 555 0142 abc']) {
      expect(fieldErrorsOf(ZAdvertiserForm, { ...valid, phoneNumber }), phoneNumber).toEqual({
        phoneNumber: ['Must be a valid phone number'],
      });
    }
  });

  it('trims values, stores the phone as E.164 and maps them to the create call names', () => {
    const form = ZAdvertiserForm.parse({ ...valid, name: ' Acme ', phoneNumber: '+1 (512) 555-0100' });
    expect(advertiserFormToFields(form)).toEqual({
      name: 'Acme',
      phone: '+15125550100',
      address_1: '1 Main St',
      address_2: '',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      domain: 'acme.com',
    });
  });
});
