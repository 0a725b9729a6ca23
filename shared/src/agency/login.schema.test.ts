import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZLoginForm, ZNewPasswordForm } from './login.schema';

describe('ZLoginForm', () => {
  it('requires user name and password', () => {
    expect(fieldErrorsOf(ZLoginForm, { userName: ' ', password: '' })).toEqual({
      userName: ['Required field.'],
      password: ['Required field.'],
    });
  });

  it('keeps the password as typed', () => {
    expect(ZLoginForm.parse({ userName: ' demo ', password: ' Demo-pass-1 ' })).toEqual({
      userName: 'demo',
      password: ' Demo-pass-1 ',
    });
  });
});

describe('ZNewPasswordForm', () => {
  it("says 'Passwords Must Match' on a mismatch", () => {
    expect(fieldErrorsOf(ZNewPasswordForm, { newPassword: 'Demo-pass-1', confirmNewPassword: 'Demo-pass-2' })).toEqual({
      confirmNewPassword: ['Passwords Must Match'],
    });
  });

  it('requires both fields and 8 characters', () => {
    expect(fieldErrorsOf(ZNewPasswordForm, {})).toEqual({
      newPassword: ['Required field.'],
      confirmNewPassword: ['Required field.'],
    });
    expect(fieldErrorsOf(ZNewPasswordForm, { newPassword: 'short', confirmNewPassword: 'short' })).toEqual({
      newPassword: ['Password is too short - should be 8 chars minimum.'],
    });
  });

  it('accepts matching passwords', () => {
    expect(
      fieldErrorsOf(ZNewPasswordForm, { newPassword: 'Demo-pass-1', confirmNewPassword: 'Demo-pass-1' }),
    ).toBeNull();
  });
});
