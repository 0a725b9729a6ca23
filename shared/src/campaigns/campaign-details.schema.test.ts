import { describe, expect, it } from 'vitest';
import {
  campaignDetailsSchema,
  campaignEditability,
  companyLimit,
  estimatedBudget,
  hasCampaignStarted,
  isCampaignReadOnly,
} from './campaign-details.schema';
import { fieldErrorsOf } from '../common/field-errors';

const TODAY = '2026-11-25';
const valid = {
  name: 'Winter push',
  description: 'Q4',
  mediaType: 'display',
  dailyBudget: '10',
  maxBid: '25',
  startDate: '2026-11-25',
  endDate: '2026-12-05',
} as const;
const create = campaignDetailsSchema({ flow: 'create', now: TODAY });

describe('campaignDetailsSchema: messages', () => {
  it('gives Required field. on every required field', () => {
    // Act
    const errors = fieldErrorsOf(create, {});
    // Assess
    expect(errors).toEqual({
      name: ['Required field.'],
      mediaType: ['Required field.'],
      dailyBudget: ['Required field.'],
      maxBid: ['Required field.'],
      startDate: ['Required field.'],
      endDate: ['Required field.'],
    });
  });

  it('treats blank text and an empty number input (NaN) as missing', () => {
    const errors = fieldErrorsOf(create, { ...valid, name: '   ', dailyBudget: Number.NaN, maxBid: '' });
    expect(errors).toEqual({
      name: ['Required field.'],
      dailyBudget: ['Required field.'],
      maxBid: ['Required field.'],
    });
  });

  it('requires a positive daily budget', () => {
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: '0' })).toEqual({ dailyBudget: ['Number must be positive'] });
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: -5 })).toEqual({ dailyBudget: ['Number must be positive'] });
  });

  it('requires a positive max bid, at most $100, not above the estimated budget', () => {
    expect(fieldErrorsOf(create, { ...valid, maxBid: 0 })).toEqual({ maxBid: ['Number must be positive!'] });
    expect(fieldErrorsOf(create, { ...valid, maxBid: '100.01', dailyBudget: 50 })).toEqual({
      maxBid: ['Max Bid can not exceed $100'],
    });
    // 10 a day for 2 days = 20 < 25.
    expect(fieldErrorsOf(create, { ...valid, endDate: '2026-11-27' })).toEqual({
      maxBid: ['Max Bid can not be greater than the Estimated Budget'],
    });
    expect(fieldErrorsOf(create, { ...valid, endDate: '2026-11-27', maxBid: 20 })).toBeNull();
  });

  it('bounds the daily budget and the estimated budget at $10,000,000 and both money fields to cents', () => {
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: 1e308 })).toEqual({
      dailyBudget: ['Daily Budget can not exceed $10,000,000'],
    });
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: '10.005' })).toEqual({
      dailyBudget: ['Use at most 2 decimal places'],
    });
    expect(fieldErrorsOf(create, { ...valid, maxBid: '12.345' })).toEqual({
      maxBid: ['Use at most 2 decimal places'],
    });
    // 2,000,000 a day for 10 days is 20,000,000.
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: 2_000_000 })).toEqual({
      dailyBudget: ['The Estimated Budget can not exceed $10,000,000'],
    });
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: 1_000_000 })).toBeNull();
    expect(fieldErrorsOf(create, { ...valid, dailyBudget: '19.99', maxBid: '0.5' })).toBeNull();
  });

  it('uses the live texts in live mode', () => {
    const live = campaignDetailsSchema({ flow: 'create', now: TODAY, mode: 'live' });
    expect(fieldErrorsOf(live, { ...valid, maxBid: '' })).toEqual({ maxBid: ['Number must be positive'] });
    expect(fieldErrorsOf(live, { ...valid, maxBid: 0 })).toEqual({ maxBid: ['Number must be positive'] });
    expect(fieldErrorsOf(live, { ...valid, startDate: '2026-11-24' })).toEqual({
      startDate: ['Please choose a future or current date'],
    });
  });

  it('requires a start date today or later (strict reading), with a grace day for servers', () => {
    expect(fieldErrorsOf(create, { ...valid, startDate: '2026-11-24' })).toEqual({
      startDate: ['Please choose a future or current date!'],
    });
    expect(fieldErrorsOf(create, { ...valid, startDate: TODAY })).toBeNull();
    const server = campaignDetailsSchema({ flow: 'create', now: TODAY, startDateGraceDays: 1 });
    expect(fieldErrorsOf(server, { ...valid, startDate: '2026-11-24' })).toBeNull();
    expect(fieldErrorsOf(server, { ...valid, startDate: '2026-11-23' })).toEqual({
      startDate: ['Please choose a future or current date!'],
    });
  });

  it('reads now at each validation when given a function', () => {
    let now = '2026-11-25';
    const schema = campaignDetailsSchema({ flow: 'create', now: () => now });
    expect(fieldErrorsOf(schema, valid)).toBeNull();
    now = '2026-11-26';
    expect(fieldErrorsOf(schema, valid)).toEqual({ startDate: ['Please choose a future or current date!'] });
  });

  it('requires the end date at least one day after the start date', () => {
    expect(fieldErrorsOf(create, { ...valid, endDate: valid.startDate })).toEqual({
      endDate: ['The end date must be after the start date'],
    });
    expect(fieldErrorsOf(create, { ...valid, endDate: '2026-11-20' })).toEqual({
      endDate: ['The end date must be after the start date'],
    });
  });

  it('shows the end-date and start-date messages together', () => {
    expect(fieldErrorsOf(create, { ...valid, startDate: '2026-11-20', endDate: '2026-11-20' })).toEqual({
      startDate: ['Please choose a future or current date!'],
      endDate: ['The end date must be after the start date'],
    });
  });

  it('reports malformed dates and numbers', () => {
    expect(fieldErrorsOf(create, { ...valid, startDate: '2026-02-30', maxBid: 'ten' })).toEqual({
      startDate: ['Enter a valid date'],
      maxBid: ['Must be a number'],
    });
  });

  it('checks maxCompanies only as a number of 0 or more, kept only when showInHubspot', () => {
    expect(fieldErrorsOf(create, { ...valid, showInHubspot: true, maxCompanies: '-1' })).toEqual({
      maxCompanies: ['Number can not be negative'],
    });
    expect(fieldErrorsOf(create, { ...valid, showInHubspot: true, maxCompanies: '2.5' })).toEqual({
      maxCompanies: ['Must be a whole number'],
    });
    expect(create.parse({ ...valid, showInHubspot: true, maxCompanies: '' }).maxCompanies).toBe(0);
    expect(create.parse({ ...valid, showInHubspot: true, maxCompanies: '40' }).maxCompanies).toBe(40);
    expect(create.parse({ ...valid, showInHubspot: false, maxCompanies: '40' }).maxCompanies).toBe(0);
  });

  it('requires the template name on template flows only', () => {
    const template = campaignDetailsSchema({ flow: 'template', now: TODAY });
    expect(fieldErrorsOf(template, valid)).toEqual({ templateName: ['Required field.'] });
    expect(fieldErrorsOf(template, { ...valid, templateName: 'Q4 template' })).toBeNull();
    expect(fieldErrorsOf(create, valid)).toBeNull();
  });
});

describe('campaignDetailsSchema: edit flow', () => {
  const notStarted = campaignDetailsSchema({
    flow: 'edit',
    now: TODAY,
    saved: { mediaType: 'display', startDate: '2026-11-30' },
  });
  const started = campaignDetailsSchema({
    flow: 'edit',
    now: TODAY,
    saved: { mediaType: 'display', startDate: '2026-11-01' },
  });

  it('refuses a media type change', () => {
    expect(fieldErrorsOf(notStarted, { ...valid, mediaType: 'video' })).toEqual({
      mediaType: ['Media type can not be changed'],
    });
  });

  it('lets the start date move while the campaign has not started', () => {
    expect(fieldErrorsOf(notStarted, { ...valid, startDate: '2026-11-26' })).toBeNull();
    expect(fieldErrorsOf(notStarted, { ...valid, startDate: '2026-11-20' })).toEqual({
      startDate: ['Please choose a future or current date!'],
    });
  });

  it('keeps the start date of a started campaign, which may be in the past', () => {
    expect(fieldErrorsOf(started, { ...valid, startDate: '2026-11-01' })).toBeNull();
    expect(fieldErrorsOf(started, { ...valid, startDate: '2026-11-26' })).toEqual({
      startDate: ['The start date can not be changed after the campaign has started'],
    });
  });
});

describe('campaignDetailsSchema: output', () => {
  it('adds the derived values and ignores a sent estimated budget', () => {
    // Act
    const details = create.parse({ ...valid, mediaType: 'video', estimatedBudget: 99999 });
    // Assess
    expect(details).toEqual({
      name: 'Winter push',
      description: 'Q4',
      mediaType: 'video',
      isVideoCampaign: true,
      dailyBudget: 10,
      maxBid: 25,
      startDate: '2026-11-25',
      endDate: '2026-12-05',
      estimatedBudget: 100,
      showInHubspot: false,
      maxCompanies: 0,
      templateName: '',
    });
  });
});

describe('campaign rules as functions', () => {
  it('computes the estimated budget as daily budget x days between start and end', () => {
    expect(estimatedBudget(10, '2026-01-01', '2026-01-04')).toBe(30);
    expect(estimatedBudget(0.1, '2026-01-01', '2026-01-04')).toBe(0.3);
    expect(estimatedBudget(10, '2026-01-04', '2026-01-04')).toBe(0);
    expect(estimatedBudget(10, 'bad', '2026-01-04')).toBe(0);
    expect(estimatedBudget(Number.NaN, '2026-01-01', '2026-01-04')).toBe(0);
  });

  it('makes a campaign read-only 175 days after its end date', () => {
    expect(isCampaignReadOnly('2026-06-04', '2026-11-25')).toBe(false); // 174 days
    expect(isCampaignReadOnly('2026-06-03', '2026-11-25')).toBe(true); // 175 days
    expect(isCampaignReadOnly('2026-12-01', '2026-11-25')).toBe(false);
  });

  it('knows when the start date is still editable', () => {
    expect(hasCampaignStarted('2026-11-25', TODAY)).toBe(true);
    expect(hasCampaignStarted('2026-11-26', TODAY)).toBe(false);
    expect(campaignEditability({ startDate: '2026-11-26', endDate: '2026-12-01' }, TODAY)).toEqual({
      readOnly: false,
      startDateEditable: true,
      mediaTypeEditable: false,
    });
    expect(campaignEditability({ startDate: '2026-01-01', endDate: '2026-02-01' }, TODAY)).toEqual({
      readOnly: true,
      startDateEditable: false,
      mediaTypeEditable: false,
    });
  });

  it('reads empty or 0 maxCompanies as no limit', () => {
    expect(companyLimit(0)).toBeNull();
    expect(companyLimit(null)).toBeNull();
    expect(companyLimit(12)).toBe(12);
  });
});
