import { describe, expect, it } from 'vitest';
import { ZAdGroupDetailsForm, ZNewAdGroupForm, ZSavedAdGroupForm } from './ad-group-form.schema';
import { fieldErrorsOf } from '../common/field-errors';

describe('ad group forms', () => {
  it('requires a name on the details step', () => {
    expect(fieldErrorsOf(ZAdGroupDetailsForm, { description: 'line 1\nline 2' })).toEqual({
      name: ['Required field.'],
    });
  });

  it('requires at least one creative', () => {
    expect(fieldErrorsOf(ZNewAdGroupForm, { name: 'Spring', creatives: [] })).toEqual({
      creatives: ['Please, upload creative assets to continue.'],
    });
    expect(fieldErrorsOf(ZNewAdGroupForm, { name: 'Spring' })).toEqual({
      creatives: ['Please, upload creative assets to continue.'],
    });
  });

  it('keeps creatives as given (files and previews survive)', () => {
    const creative = { name: 'a.png', file: new Blob(['x']), preview: 'blob:1' };
    const form = ZNewAdGroupForm.parse({ name: 'Spring', creatives: [creative] });
    expect(form.creatives[0]).toBe(creative);
    expect(form.adGroupType).toBe('image');
  });

  it('requires a saved ad group on the saved tab', () => {
    expect(fieldErrorsOf(ZSavedAdGroupForm, { selectedAdGroupTemplateId: '' })).toEqual({
      selectedAdGroupTemplateId: ['Please, select Ad Group to continue.'],
    });
    expect(fieldErrorsOf(ZSavedAdGroupForm, {})).toEqual({
      selectedAdGroupTemplateId: ['Please, select Ad Group to continue.'],
    });
    expect(fieldErrorsOf(ZSavedAdGroupForm, { selectedAdGroupTemplateId: 'bg-ad-group-template-1' })).toBeNull();
  });
});
