import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZSignUpForm } from './sign-up.schema';

const valid = {
  userName: 'NewUser',
  email: 'owner@agency.com',
  companyName: 'New Agency',
  password: 'Demo-pass-1',
  passwordConfirm: 'Demo-pass-1',
};

describe('ZSignUpForm', () => {
  it('requires every field', () => {
    expect(fieldErrorsOf(ZSignUpForm, {})).toEqual({
      userName: ['Required field.'],
      email: ['Required field.'],
      companyName: ['Required field.'],
      password: ['Required field.'],
      passwordConfirm: ['Required field.'],
    });
  });

  it('gives the e-mail, length and match messages', () => {
    expect(
      fieldErrorsOf(ZSignUpForm, { ...valid, email: 'owner@', password: 'short', passwordConfirm: 'other' }),
    ).toEqual({
      email: ['Wrong format, enter valid email'],
      password: ['Password is too short - should be 8 chars minimum.'],
      passwordConfirm: ['Passwords must match'],
    });
  });

  it('lower-cases the user name', () => {
    expect(ZSignUpForm.parse({ ...valid, userName: ' NewUser ' })).toEqual({ ...valid, userName: 'newuser' });
  });
});
