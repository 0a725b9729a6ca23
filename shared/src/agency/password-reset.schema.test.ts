import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZPasswordResetConfirmForm, ZPasswordResetRequestForm } from './password-reset.schema';

describe('password reset forms', () => {
  it('requires the user name on the request form', () => {
    expect(fieldErrorsOf(ZPasswordResetRequestForm, { userName: '' })).toEqual({ userName: ['Required field.'] });
    expect(ZPasswordResetRequestForm.parse({ userName: ' demo ' })).toEqual({ userName: 'demo' });
  });

  it('requires code and password, 8 characters, and a matching confirmation', () => {
    expect(fieldErrorsOf(ZPasswordResetConfirmForm, {})).toEqual({
      code: ['Required field.'],
      password: ['Required field.'],
      passwordConfirm: ['Required field.'],
    });
    expect(
      fieldErrorsOf(ZPasswordResetConfirmForm, { code: '123456', password: 'short', passwordConfirm: 'x' }),
    ).toEqual({
      password: ['Password is too short - should be 8 chars minimum.'],
      passwordConfirm: ['Passwords must match'],
    });
    expect(
      fieldErrorsOf(ZPasswordResetConfirmForm, {
        code: '123456',
        password: 'Demo-pass-1',
        passwordConfirm: 'Demo-pass-1',
      }),
    ).toBeNull();
  });
});
