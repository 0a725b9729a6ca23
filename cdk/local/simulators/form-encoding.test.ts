import { describe, expect, it } from 'vitest';
import { decodeForm } from './form-encoding';

describe('decodeForm', () => {
  it('nests bracketed keys and builds arrays from indexes', () => {
    // Act
    const form = decodeForm(
      'email=a%40b.co&metadata[advertiser]=bgAdvertiser-1&payment_method_types[0]=card&payment_method_types[1]=link' +
        '&payment_method_data[card][number]=4242424242424242&expand[]=customer',
    );
    // Assess
    expect(form).toEqual({
      email: 'a@b.co',
      metadata: { advertiser: 'bgAdvertiser-1' },
      payment_method_types: ['card', 'link'],
      payment_method_data: { card: { number: '4242424242424242' } },
      expand: ['customer'],
    });
  });

  it('gives an empty object for an empty body', () => {
    expect(decodeForm('')).toEqual({});
  });
});
