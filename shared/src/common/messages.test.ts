import { describe, expect, it } from 'vitest';
import { ZNewAdGroupForm, ZSavedAdGroupForm } from '../ad-groups/ad-group-form.schema';
import { ZAdvertiserForm } from '../advertisers/advertiser-form.schema';
import { campaignDetailsSchema } from '../campaigns/campaign-details.schema';
import { fieldErrorsOf } from './field-errors';
import { checkImportedEntries, readCsvUpload } from '../lists/imported-list';
import { ZLandingPageForm } from '../ad-groups/landing-page.schema';
import { ZLoginForm, ZNewPasswordForm } from '../agency/login.schema';
import { ZPasswordResetConfirmForm } from '../agency/password-reset.schema';
import { ZPaymentMethodForm } from '../billing/payment-method.schema';
import { ZPublicationListCreateForm, ZPublicationListEditForm } from '../lists/publication-list.schema';
import { ZSegmentForm } from '../segments/segment-form.schema';
import { ZSignUpForm } from '../agency/sign-up.schema';
import * as gates from '../campaigns/step-gates';
import { checkUploadFile } from '../ad-groups/upload.schema';
import { ZUtmForm } from '../ad-groups/utm.schema';

/**
 * Every message of section 5 of both spec documents (and the new-password text of 000 §4), copied
 * verbatim from the spec, with its placeholders. Each must come out of at least one schema or
 * function when fed an invalid sample. `'{host}'` is literal text of the spec's message.
 */
const SPEC_MESSAGES = [
  // 000 §5 (and 001 §5 where shared)
  'Required field.',
  'Number must be positive',
  'Number must be positive!',
  'Max Bid can not exceed $100',
  'Max Bid can not be greater than the Estimated Budget',
  'Please choose a future or current date!',
  'Please choose a future or current date',
  'The end date must be after the start date',
  'Must be a valid domain without path',
  'Wrong format, enter valid email',
  'Password is too short - should be 8 chars minimum.',
  'Passwords must match',
  // 000 §4, new-password challenge
  'Passwords Must Match',
  // 001 §5
  'Invalid URL format',
  'Please, upload creative assets to continue.',
  'Please, select Ad Group to continue.',
  'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
  'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
  'File with the wrong dimension: {file}, {WxH}.',
  'File with the wrong size: {file}, {bytes} bytes.',
  'The video creative has an unusual duration - {n} seconds. The most common durations are 15 and 30 seconds.',
  'Please, select advertiser.',
  'Select a HubSpot Ideal Customer Profile Tier.',
  'Select a List to get Companies.',
  'Please, choose a HubSpot List and select "Get Emails".',
  'Select a List to get Contacts.',
  'Please, select required domain lists.',
  'Please, select the required regions.',
  'Please, select at least one segment',
  'Please, enter the required zip codes.',
  'Please, select a destination page to continue.',
  'Please, select at least one Role/Title to continue.',
  "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'",
  'Some of your domains are not unique! Consider that each domain should be unique!',
  'The file loaded with the following invalid {kind}: {list}',
  'There was an error uploading your file. Please try again.',
];

const PLACEHOLDERS = ['{file}', '{WxH}', '{bytes}', '{n}', '{kind}', '{list}'];

/** A spec message as an exact pattern: placeholders match any text, everything else literally. */
function messagePattern(message: string): RegExp {
  let source = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const placeholder of PLACEHOLDERS) {
    source = source.replaceAll(placeholder.replace(/[{}]/g, '\\$&'), '.+');
  }
  return new RegExp(`^${source}$`);
}

const TODAY = '2026-11-25';
const campaign = {
  name: 'c',
  mediaType: 'display',
  dailyBudget: 10,
  maxBid: 5,
  startDate: TODAY,
  endDate: '2026-11-30',
};

/** Runs invalid samples through every schema and function and collects what they say. */
async function producedMessages(): Promise<Set<string>> {
  const produced = new Set<string>();
  const add = (message: string | null | undefined) => {
    if (message) produced.add(message);
  };
  const addErrors = (errors: Record<string, string[]> | null) => {
    for (const messages of Object.values(errors ?? {})) messages.forEach(add);
  };

  const submit = campaignDetailsSchema({ flow: 'create', now: TODAY });
  const live = campaignDetailsSchema({ flow: 'create', now: TODAY, mode: 'live' });
  addErrors(fieldErrorsOf(submit, {}));
  addErrors(fieldErrorsOf(submit, { ...campaign, dailyBudget: 0, maxBid: 0, startDate: '2026-11-01' }));
  addErrors(fieldErrorsOf(submit, { ...campaign, maxBid: 101, dailyBudget: 100 }));
  addErrors(fieldErrorsOf(submit, { ...campaign, maxBid: 99 }));
  addErrors(fieldErrorsOf(submit, { ...campaign, endDate: TODAY }));
  addErrors(fieldErrorsOf(live, { ...campaign, maxBid: '', startDate: '2026-11-01' }));
  addErrors(fieldErrorsOf(ZAdvertiserForm, { domain: 'acme.com/path' }));
  addErrors(fieldErrorsOf(ZLoginForm, {}));
  addErrors(fieldErrorsOf(ZSignUpForm, { email: 'x', password: 'short', passwordConfirm: 'other' }));
  addErrors(fieldErrorsOf(ZPasswordResetConfirmForm, { code: '1', password: 'short', passwordConfirm: 'x' }));
  addErrors(fieldErrorsOf(ZNewPasswordForm, { newPassword: 'Demo-pass-1', confirmNewPassword: 'other-pass' }));
  addErrors(fieldErrorsOf(ZPaymentMethodForm, {}));
  addErrors(fieldErrorsOf(ZLandingPageForm, { landingPage: 'not a url' }));
  addErrors(fieldErrorsOf(ZUtmForm, {}));
  addErrors(fieldErrorsOf(ZNewAdGroupForm, { name: 'a', creatives: [] }));
  addErrors(fieldErrorsOf(ZSavedAdGroupForm, {}));
  addErrors(fieldErrorsOf(ZSegmentForm, {}));
  addErrors(fieldErrorsOf(ZPublicationListCreateForm, { name: 'n', domains: 'x' }));
  addErrors(
    fieldErrorsOf(ZPublicationListEditForm, {
      domainListId: 'l',
      existingDomains: [{ domain: 'cnn.com' }, { domain: 'cnn.com' }],
    }),
  );

  const png = { name: 'a.png', type: 'image/png', size: 1_000, width: 300, height: 250 };
  const mp4 = { name: 'a.mp4', type: 'video/mp4', size: 1_000, durationSeconds: 20 };
  for (const check of [
    checkUploadFile(png, 'video'),
    checkUploadFile(mp4, 'display'),
    checkUploadFile({ ...png, width: 1 }, 'display'),
    checkUploadFile({ ...png, size: 900_000 }, 'display'),
  ]) {
    add(check.valid ? null : check.message);
  }
  const videoCheck = checkUploadFile(mp4, 'video');
  add(videoCheck.valid ? videoCheck.note : null);

  add(checkImportedEntries(['bad'], 'emails').message);
  const failed = await readCsvUpload([{ name: 'a.csv', text: () => Promise.reject(new Error('read')) }]);
  add(failed.ok ? null : failed.message);

  add(gates.selectAdvertiserGate(null));
  add(gates.hubspotTierGate([]));
  add(gates.companiesListGate(null));
  add(gates.crmRetargetingGate(0));
  add(gates.contactsListGate(null));
  add(gates.publicationListsGate([]));
  add(gates.regionsGate([]));
  add(gates.segmentsGate([]));
  add(gates.zipCodesGate([]));
  add(gates.destinationPageGate(null));
  add(gates.roleTitlesGate([]));
  return produced;
}

describe('section 5 messages', () => {
  it.each(SPEC_MESSAGES)('produces %s', async (message) => {
    // Act
    const produced = [...(await producedMessages())];
    // Assess
    const pattern = messagePattern(message);
    expect(
      produced.filter((text) => pattern.test(text)),
      message,
    ).not.toEqual([]);
  });

  it('fills placeholders but keeps the literal {host}', async () => {
    const produced = await producedMessages();
    expect(produced).toContain('File with the wrong dimension: a.png, 1x250.');
    expect(produced).toContain('File with the wrong size: a.png, 900000 bytes.');
    expect(produced).toContain(
      'The video creative has an unusual duration - 20 seconds. The most common durations are 15 and 30 seconds.',
    );
    expect(produced).toContain('The file loaded with the following invalid emails: bad');
    expect([...produced].some((text) => text.endsWith("And have schema like '{host}'"))).toBe(true);
  });
});
