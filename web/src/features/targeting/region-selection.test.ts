import { describe, expect, it } from 'vitest';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { savedRegionKeys, selectAllKey, toggleCountry, toggleRegion } from './region-selection';

const us = (code: string, name: string): TGeoOption => ({
  key: `US-${code}`,
  region_name: name,
  country_code_2: 'US',
  country_code_3: 'USA',
});
const ca = (code: string, name: string): TGeoOption => ({
  key: `CA-${code}`,
  region_name: name,
  country_code_2: 'CA',
  country_code_3: 'CAN',
});
const texas = us('TX', 'Texas');
const utah = us('UT', 'Utah');
const ontario = ca('ON', 'Ontario');
const quebec = ca('QC', 'Quebec');
const options = [texas, utah, ontario, quebec];

describe('region selection (001 §2 State/Province)', () => {
  it("select all checks that country's regions and its flag, and leaves the other country alone", () => {
    // Act
    const selected = toggleCountry(['CA-ON'], options, 'USA', true);

    // Assess
    expect(new Set(selected)).toEqual(new Set(['CA-ON', 'USA_ALL', 'US-TX', 'US-UT']));
  });

  it("clearing select all clears that country's regions only", () => {
    // Prepare
    const selected = toggleCountry(toggleCountry([], options, 'USA', true), options, 'CAN', true);

    // Act
    const cleared = toggleCountry(selected, options, 'CAN', false);

    // Assess
    expect(new Set(cleared)).toEqual(new Set(['USA_ALL', 'US-TX', 'US-UT']));
  });

  it("unchecking any region clears its country's select all, not the other country's", () => {
    // Prepare
    const selected = toggleCountry(toggleCountry([], options, 'USA', true), options, 'CAN', true);

    // Act
    const after = toggleRegion(selected, quebec, false);

    // Assess
    expect(after).not.toContain('CAN_ALL');
    expect(after).not.toContain('CA-QC');
    expect(after).toContain('CA-ON');
    expect(after).toContain(selectAllKey('USA'));
  });

  it('checking a region adds it once', () => {
    // Act
    const selected = toggleRegion(toggleRegion([], texas, true), texas, true);

    // Assess
    expect(selected).toEqual(['US-TX']);
  });

  it('saved keys exclude the _ALL entries', () => {
    // Act
    const saved = savedRegionKeys(toggleCountry([], options, 'CAN', true));

    // Assess
    expect(new Set(saved)).toEqual(new Set(['CA-ON', 'CA-QC']));
  });
});
