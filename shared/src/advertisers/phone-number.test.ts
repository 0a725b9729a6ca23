import * as z from '../zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { formatPhoneNumber, isValidPhoneNumber, storedPhoneNumber, withPhoneNumberRule } from './phone-number';

describe('isValidPhoneNumber', () => {
  it.each([
    '+1 512 555 0142',
    '+15125550142',
    '+1 (512) 555-0142',
    '+44 20 7946 0958',
    '+49 30 901820',
    '+1 512 555 0142 ext. 12',
  ])('accepts %s', (text) => {
    expect(isValidPhoneNumber(text)).toBe(true);
  });

  it('reads a number typed without + as a US number', () => {
    expect(isValidPhoneNumber('(512) 555-0142')).toBe(true);
    expect(isValidPhoneNumber('512 555 0142')).toBe(true);
    // Seven digits are a whole number nowhere in the US plan.
    expect(isValidPhoneNumber('555 0142')).toBe(false);
  });

  it.each([
    ['letters', 'abc'],
    ['a bare country code', '+1'],
    ['one digit', '1'],
    ['too few digits', '+1 555 0100'],
    ['too many digits', '+1 512 555 01423'],
    ['no such area code', '+1 055 123 4567'],
    ['two country codes', '+1 +44 20 7946 0958'],
    ['words after the number', '512 555 0142 abc'],
    ['blank', '   '],
  ])('refuses %s', (_what, text) => {
    expect(isValidPhoneNumber(text)).toBe(false);
  });
});

describe('storedPhoneNumber', () => {
  it('stores E.164, whatever the spacing or punctuation typed', () => {
    expect(storedPhoneNumber(' +1 (512) 555-0142 ')).toBe('+15125550142');
    expect(storedPhoneNumber('512.555.0142')).toBe('+15125550142');
    expect(storedPhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
  });

  it('keeps an extension after E.164, as RFC 3966 writes it', () => {
    expect(storedPhoneNumber('+1 512 555 0142 x12')).toBe('+15125550142;ext=12');
    expect(isValidPhoneNumber('+15125550142;ext=12')).toBe(true);
  });
});

describe('formatPhoneNumber', () => {
  it('shows a stored number in international format', () => {
    expect(formatPhoneNumber('+15125550142')).toBe('+1 512 555 0142');
    expect(formatPhoneNumber('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhoneNumber('+15125550142;ext=12')).toBe('+1 512 555 0142 ext. 12');
    // Stored before phones were normalised.
    expect(formatPhoneNumber('+1 512 555 0142')).toBe('+1 512 555 0142');
  });

  it('shows a stored phone that is no valid number as it was typed, and nothing for none', () => {
    expect(formatPhoneNumber('+1 abc')).toBe('+1 abc');
    expect(formatPhoneNumber(' 1 ')).toBe('1');
    expect(formatPhoneNumber(null)).toBeNull();
    expect(formatPhoneNumber('  ')).toBeNull();
  });
});

describe('withPhoneNumberRule', () => {
  const schema = z.object({
    phone: withPhoneNumberRule(z.string().check(z.trim(), z.minLength(1, { error: 'Required field.' }))),
  });

  it("says 'Must be a valid phone number' for text that is no number, and only 'Required field.' when empty", () => {
    expect(fieldErrorsOf(schema, { phone: 'abc' })).toEqual({ phone: ['Must be a valid phone number'] });
    expect(fieldErrorsOf(schema, { phone: '' })).toEqual({ phone: ['Required field.'] });
  });

  it('gives the stored form of a valid number', () => {
    expect(schema.parse({ phone: '(512) 555-0142' })).toEqual({ phone: '+15125550142' });
  });
});
