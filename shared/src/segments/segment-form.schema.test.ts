import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../common/field-errors';
import { ZSegmentForm } from './segment-form.schema';

describe('ZSegmentForm', () => {
  it('requires name and advertiser, not the description', () => {
    expect(fieldErrorsOf(ZSegmentForm, { description: '' })).toEqual({
      name: ['Required field.'],
      advertiserId: ['Required field.'],
    });
    expect(ZSegmentForm.parse({ name: ' Visitors ', advertiserId: 'bgAdvertiser-1' })).toEqual({
      name: 'Visitors',
      advertiserId: 'bgAdvertiser-1',
      description: '',
    });
  });
});
