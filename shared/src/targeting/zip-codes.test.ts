import { describe, expect, it } from 'vitest';
import { checkZipCodes, mergeZipCodes, parseZipCodes, readTypedZipCodes } from './zip-codes';

describe('zip codes', () => {
  it('splits lines and commas, trims, drops blanks and duplicates', () => {
    expect(parseZipCodes('10001, 10002\r\n\n 10001 ,94105\n,,\n')).toEqual(['10001', '10002', '94105']);
    expect(parseZipCodes('   ')).toEqual([]);
  });

  it('merges new codes after the selected ones', () => {
    expect(mergeZipCodes(['10001'], ['94105', ' 10001 ', ''])).toEqual(['10001', '94105']);
  });
});

describe('checkZipCodes', () => {
  it('keeps the codes the targeting takes and names the others', () => {
    // Act
    const checked = checkZipCodes(['62701', '12345-6789', 'ABCDEFGHIJKLMNOPQ']);

    // Assess
    expect(checked).toEqual({
      valid: ['62701', '12345-6789'],
      invalid: ['ABCDEFGHIJKLMNOPQ'],
      message: 'Zip codes can have at most 16 characters: ABCDEFGHIJKLMNOPQ',
    });
  });

  it('says nothing when every code fits', () => {
    expect(checkZipCodes(['10001']).message).toBeNull();
  });

  it('names each reason for the codes it refuses, and keeps the valid ones as the rule writes them', () => {
    expect(checkZipCodes(['k1a 0b1', 'ABCDE', '12345678901234567', '10001'])).toEqual({
      valid: ['K1A 0B1', '10001'],
      invalid: ['ABCDE', '12345678901234567'],
      message:
        'Zip codes can have at most 16 characters: 12345678901234567. Not a US ZIP code or a Canadian postal code: ABCDE',
    });
  });
});

describe('readTypedZipCodes', () => {
  it('adds what fits and leaves the refused codes in the box with the reason', () => {
    expect(readTypedZipCodes(' 62701,\n0123456789ABCDEFGH , 78701')).toEqual({
      valid: ['62701', '78701'],
      rest: '0123456789ABCDEFGH',
      message: 'Zip codes can have at most 16 characters: 0123456789ABCDEFGH',
    });
    expect(readTypedZipCodes(' , \n')).toEqual({ valid: [], rest: '', message: null });
  });
});
