import {
  COMMON_VIDEO_DURATIONS_S,
  MAX_BID_USD,
  MAX_BUDGET_USD,
  MAX_FILES_PER_AD_GROUP,
  MIN_PASSWORD_LENGTH,
} from '../constants';

/** A dollar ceiling as the messages write it: `$10,000,000`. */
const dollars = (amount: number): string => `$${amount.toLocaleString('en-US')}`;

/**
 * Every validation text of spec 000 §5 and 001 §5 (plus the new-password challenge of 000 §4), word
 * for word, named once so forms, handlers and tests share the same strings. Texts marked "ours" are
 * for rules the spec states without a message; they follow the spec's tone.
 */
export const VALIDATION_MESSAGES = {
  required: 'Required field.',
  /** Daily budget, and the live check of Max Bid (zero or missing). */
  numberPositive: 'Number must be positive',
  /** Max Bid on submit. */
  maxBidPositive: 'Number must be positive!',
  maxBidCeiling: `Max Bid can not exceed $${MAX_BID_USD}`,
  maxBidAboveBudget: 'Max Bid can not be greater than the Estimated Budget',
  startDateNotPast: 'Please choose a future or current date!',
  /** The live (on change) variant, without the exclamation mark. */
  startDateNotPastLive: 'Please choose a future or current date',
  endDateAfterStart: 'The end date must be after the start date',
  advertiserDomain: 'Must be a valid domain without path',
  email: 'Wrong format, enter valid email',
  passwordTooShort: `Password is too short - should be ${MIN_PASSWORD_LENGTH} chars minimum.`,
  passwordsMustMatch: 'Passwords must match',
  /** The new-password challenge form of the login page (000 §4) capitalises it this way. */
  newPasswordsMustMatch: 'Passwords Must Match',
  invalidUrl: 'Invalid URL format',
  uploadCreatives: 'Please, upload creative assets to continue.',
  selectAdGroup: 'Please, select Ad Group to continue.',
  videoCampaignOnlyVideos:
    'Because you chose a video campaign, you are only able to upload videos for this campaign, not images.',
  displayCampaignOnlyImages:
    'Because you chose a non-video (display) campaign, you are only able to upload images/gifs for this campaign, not videos.',
  // The spec quotes `'{host}'` literally inside its quoted message: it is part of the text, not a placeholder.
  publicationDomainsInvalid:
    "Some of your domains are not valid! Consider that domains should be without HTTP/HTTPS protocol! And have schema like '{host}'",
  publicationDomainsNotUnique: 'Some of your domains are not unique! Consider that each domain should be unique!',
  fileUploadError: 'There was an error uploading your file. Please try again.',

  // Ours: rules the spec states without a message.
  /** A numeric field holding something that is not a number (handlers; number inputs cannot type it). */
  notANumber: 'Must be a number',
  /** maxCompanies: "numeric, minimum 0". */
  notNegative: 'Number can not be negative',
  /** maxCompanies counts companies. */
  wholeNumber: 'Must be a whole number',
  /** A date field that is not a calendar date `YYYY-MM-DD`. */
  invalidDate: 'Enter a valid date',
  /** 000 §5 "mediaType cannot change on edit" (the form disables the field; the server enforces it). */
  mediaTypeLocked: 'Media type can not be changed',
  /** 000 §4 "start date editable only if the campaign has not started". */
  startDateLocked: 'The start date can not be changed after the campaign has started',
  /** The daily budget's ceiling (MAX_BUDGET_USD). */
  dailyBudgetCeiling: `Daily Budget can not exceed ${dollars(MAX_BUDGET_USD)}`,
  /** The estimated budget's ceiling: daily budget x days may not pass it. */
  estimatedBudgetCeiling: `The Estimated Budget can not exceed ${dollars(MAX_BUDGET_USD)}`,
  /** Budgets and bids are dollars and cents. */
  wholeCents: 'Use at most 2 decimal places',
  /** 001 §5 "up to 100 files per ad group". */
  tooManyFiles: `You can upload up to ${MAX_FILES_PER_AD_GROUP} files per ad group.`,
  /** 000 §5's advertiser phone, checked as a phone number (`phone-number.ts`). */
  phoneNumber: 'Must be a valid phone number',
  /** 001 §5 "CSV upload: one .csv file". */
  csvOneFile: 'Please, upload one .csv file.',
} as const;

export type TValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Ours: a text longer than its field takes (a name the bidder keeps: 255 characters). */
export const tooLongMessage = (max: number): string => `Use at most ${max} characters`;

/** 001 §5: `File with the wrong dimension: {file}, {WxH}.` */
export const wrongDimensionMessage = (file: string, width: number, height: number): string =>
  `File with the wrong dimension: ${file}, ${width}x${height}.`;

/** 001 §5: `File with the wrong size: {file}, {bytes} bytes.` */
export const wrongSizeMessage = (file: string, bytes: number): string =>
  `File with the wrong size: ${file}, ${bytes} bytes.`;

/** Ours: a file that is neither an accepted image nor an mp4 video (e.g. a PDF or a .mov). */
export const unsupportedTypeMessage = (file: string, type: string): string =>
  `File of an unsupported type: ${file}, ${type || 'unknown type'}.`;

/** 001 §5: the note (not an error) for a video whose rounded duration is not a common one. */
export const unusualDurationMessage = (seconds: number): string =>
  `The video creative has an unusual duration - ${seconds} seconds. The most common durations are ${COMMON_VIDEO_DURATIONS_S.join(' and ')} seconds.`;

/** 001 §5: `The file loaded with the following invalid {kind}: {list}` (entries joined by comma and space). */
export const invalidImportMessage = (kind: string, entries: readonly string[]): string =>
  `The file loaded with the following invalid ${kind}: ${entries.join(', ')}`;
