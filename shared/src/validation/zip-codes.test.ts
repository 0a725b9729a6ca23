import { describe, expect, it } from 'vitest';
import { mergeZipCodes, parseZipCodes } from './zip-codes';

describe('zip codes', () => {
  it('splits lines and commas, trims, drops blanks and duplicates', () => {
    expect(parseZipCodes('10001, 10002\r\n\n 10001 ,94105\n,,\n')).toEqual(['10001', '10002', '94105']);
    expect(parseZipCodes('   ')).toEqual([]);
  });

  it('merges new codes after the selected ones', () => {
    expect(mergeZipCodes(['10001'], ['94105', ' 10001 ', ''])).toEqual(['10001', '94105']);
  });
});
