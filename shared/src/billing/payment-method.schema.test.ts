import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZPaymentMethodForm } from './payment-method.schema';

describe('ZPaymentMethodForm', () => {
  it('requires friendly card name, billing email and cardholder name', () => {
    expect(fieldErrorsOf(ZPaymentMethodForm, {})).toEqual({
      friendlyName: ['Required field.'],
      billingEmail: ['Required field.'],
      cardholderName: ['Required field.'],
    });
  });

  it('checks the billing e-mail format and accepts a complete form', () => {
    const form = { friendlyName: 'Main card', billingEmail: 'billing@acme', cardholderName: 'Ann Lee' };
    expect(fieldErrorsOf(ZPaymentMethodForm, form)).toEqual({ billingEmail: ['Wrong format, enter valid email'] });
    expect(fieldErrorsOf(ZPaymentMethodForm, { ...form, billingEmail: 'billing@acme.com' })).toBeNull();
  });
});
