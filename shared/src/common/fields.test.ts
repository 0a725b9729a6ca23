import * as z from '../zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, toFieldErrors } from './field-errors';
import { EMAIL_PATTERN, numberField, optionalNumberField, toNumberInput } from './fields';

describe('EMAIL_PATTERN', () => {
  it("is zod's own e-mail pattern, written out", () => {
    // Prepare
    const zods = z.regexes.email;

    // Act
    const ours = { source: EMAIL_PATTERN.source, flags: EMAIL_PATTERN.flags };

    // Assess
    expect(ours).toEqual({ source: zods.source, flags: zods.flags });
  });
});

describe('number fields', () => {
  it('read blanks and NaN as missing and numeric strings as numbers', () => {
    expect(toNumberInput('')).toBeUndefined();
    expect(toNumberInput('  ')).toBeUndefined();
    expect(toNumberInput(Number.NaN)).toBeUndefined();
    expect(toNumberInput(' 12.5 ')).toBe(12.5);
    expect(toNumberInput('12x')).toBe('12x');
  });

  it('report missing and non-numeric values with their own texts', () => {
    const schema = z.object({ amount: numberField() });
    expect(fieldErrorsOf(schema, {})).toEqual({ amount: ['Required field.'] });
    expect(fieldErrorsOf(schema, { amount: 'ten' })).toEqual({ amount: ['Must be a number'] });
    expect(fieldErrorsOf(schema, { amount: true })).toEqual({ amount: ['Must be a number'] });
    expect(schema.parse({ amount: '7' })).toEqual({ amount: 7 });
  });

  it('give null for an empty optional number', () => {
    const schema = z.object({ limit: optionalNumberField() });
    expect(schema.parse({ limit: '' })).toEqual({ limit: null });
    expect(schema.parse({})).toEqual({ limit: null });
  });
});

describe('toFieldErrors', () => {
  it('keys messages by dotted path, without repeats, with "" for the whole value', () => {
    const issues = [
      { code: 'custom', path: ['a', 0, 'b'], message: 'x', input: 1 },
      { code: 'custom', path: ['a', 0, 'b'], message: 'x', input: 1 },
      { code: 'custom', path: [], message: 'y', input: 1 },
    ] as const;
    expect(toFieldErrors(issues as unknown as z.core.$ZodIssue[])).toEqual({ 'a.0.b': ['x'], '': ['y'] });
  });
});
