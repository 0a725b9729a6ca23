import * as clock from '../clock';
import * as z from '../zod';
import { MAX_BID_USD, MAX_BUDGET_USD, MEDIA_TYPES, MIN_CAMPAIGN_DAYS, REACTIVATION_LIMIT_DAYS } from '../constants';
import { isWholeCents } from '../common/common.schema';
import type { TMediaType } from '../constants';
import {
  bidderName,
  isoDateField,
  numberField,
  optionalDescription,
  optionalName,
  optionalNumberField,
} from '../common/fields';
import { addIsoDays, isIsoDate, isoDaysBetween, todayIso } from '../common/iso-date';
import type { TNowInput } from '../common/iso-date';
import { VALIDATION_MESSAGES as M } from '../common/messages';
import { whenFieldsValid } from '../common/when';

/**
 * Campaign (and campaign template) details: 000 §5 "Campaign edit form" and 001 §5 "Campaign and
 * template details". One factory serves the create, edit and template flows of the wizard, the
 * dashboard's edit dialog and the handlers.
 */

/** Which form the rules are for: a new campaign, an existing one, or a campaign template. */
export type TCampaignDetailsFlow = 'create' | 'edit' | 'template';

/**
 * `submit` uses the texts shown after pressing Next/Save; `live` the on-change texts of 000 §5
 * ('Number must be positive' for a zero or missing Max Bid, the start-date text without '!').
 */
export type TCampaignDetailsMode = 'submit' | 'live';

/** What the edit flow needs to know about the campaign as saved. */
export interface TSavedCampaignDetails {
  mediaType: TMediaType;
  startDate: string;
}

interface BaseOptions {
  /**
   * Today, for the date rules: a `Date`, an ISO date, or a function read at every validation (so a
   * schema built once still knows the day after midnight). Defaults to the runtime's current day.
   */
  now?: TNowInput | (() => TNowInput);
  mode?: TCampaignDetailsMode;
  /**
   * Start-date reading. The spec says "start date today or later" and adds "one reading allows a start
   * date as early as yesterday". We take the strict reading (0, the default) for the form, which
   * checks against the user's own calendar day. Handlers pass 1: a Lambda's "today" is the UTC day,
   * which for a user west of UTC can already be tomorrow, and the form has already held the user to
   * their today; one day of grace is exactly that "yesterday" reading.
   */
  startDateGraceDays?: number;
}

/** Options of `campaignDetailsSchema`; the edit flow needs the saved campaign. */
export type TCampaignDetailsOptions =
  | (BaseOptions & { flow: 'create' | 'template'; saved?: undefined })
  | (BaseOptions & { flow: 'edit'; saved: TSavedCampaignDetails });

/**
 * Estimated budget = daily budget x days between start and end (000 §5, 001 §5), rounded to cents.
 * `2026-01-01` to `2026-01-04` at 10 a day is 30. Anything incomplete (bad dates, end not after
 * start, no budget) gives 0, the draft's default estimated budget.
 */
export function estimatedBudget(dailyBudget: number, startDate: string, endDate: string): number {
  if (!Number.isFinite(dailyBudget) || dailyBudget <= 0) return 0;
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return 0;
  const days = isoDaysBetween(startDate, endDate);
  if (days < MIN_CAMPAIGN_DAYS) return 0;
  return Math.round(dailyBudget * days * 100) / 100;
}

/**
 * The 175-day rule (000 §4, §9): a campaign whose end date is 175 or more days in the past is
 * read-only (every field disabled) and can not be reactivated.
 */
export function isCampaignReadOnly(endDate: string, now: TNowInput = clock.now()): boolean {
  if (!isIsoDate(endDate)) return false;
  return isoDaysBetween(endDate, todayIso(now)) >= REACTIVATION_LIMIT_DAYS;
}

/**
 * Whether a campaign has started: its start date is today or earlier. A started campaign's start
 * date can no longer be edited (000 §4).
 */
export function hasCampaignStarted(startDate: string, now: TNowInput = clock.now()): boolean {
  return isIsoDate(startDate) && startDate <= todayIso(now);
}

/** Read-only flags of the edit form (000 §4): which fields a user may still change. */
export function campaignEditability(
  saved: { startDate: string; endDate: string },
  now: TNowInput = clock.now(),
): { readOnly: boolean; startDateEditable: boolean; mediaTypeEditable: false } {
  const readOnly = isCampaignReadOnly(saved.endDate, now);
  return {
    readOnly,
    startDateEditable: !readOnly && !hasCampaignStarted(saved.startDate, now),
    mediaTypeEditable: false,
  };
}

/**
 * Builds the details schema for one flow. Output adds the derived, read-only values:
 * `estimatedBudget` (computed, any sent value is ignored), `isVideoCampaign` (from `mediaType`) and
 * `maxCompanies` as a number (0 = no limit; always 0 unless `showInHubspot`).
 */
export function campaignDetailsSchema(options: TCampaignDetailsOptions) {
  const mode = options.mode ?? 'submit';
  const graceDays = options.startDateGraceDays ?? 0;
  const today = (): string => todayIso(typeof options.now === 'function' ? options.now() : options.now);

  const cents = (n: z.ZodMiniNumber) => n.check(z.refine(isWholeCents, { error: M.wholeCents }));
  const maxBid =
    mode === 'live'
      ? numberField(M.numberPositive, (n) =>
          cents(n.check(z.positive(M.numberPositive), z.lte(MAX_BID_USD, M.maxBidCeiling))),
        )
      : numberField(M.required, (n) =>
          cents(n.check(z.positive(M.maxBidPositive), z.lte(MAX_BID_USD, M.maxBidCeiling))),
        );

  return z.pipe(
    z
      .object({
        name: bidderName(),
        description: optionalDescription(),
        mediaType: z.enum(MEDIA_TYPES, { error: M.required }),
        dailyBudget: numberField(M.required, (n) =>
          cents(n.check(z.positive(M.numberPositive), z.lte(MAX_BUDGET_USD, M.dailyBudgetCeiling))),
        ),
        maxBid,
        startDate: isoDateField(),
        endDate: isoDateField(),
        showInHubspot: z.nullish(z.boolean()),
        // "empty or 0 means no limit": blank arrives as null.
        maxCompanies: optionalNumberField((n) => n.check(z.int(M.wholeNumber), z.gte(0, M.notNegative))),
        templateName: optionalName(),
      })
      .check(
        z.refine((values) => !(options.flow === 'template' && values.templateName === ''), {
          path: ['templateName'],
          message: M.required,
          when: whenFieldsValid('templateName'),
        }),
        z.refine((values) => !(options.flow === 'edit' && values.mediaType !== options.saved.mediaType), {
          path: ['mediaType'],
          message: M.mediaTypeLocked,
          when: whenFieldsValid('mediaType'),
        }),
        z.refine((values) => isoDaysBetween(values.startDate, values.endDate) >= MIN_CAMPAIGN_DAYS, {
          path: ['endDate'],
          message: M.endDateAfterStart,
          when: whenFieldsValid('startDate', 'endDate'),
        }),
        z.refine((values) => estimatedBudget(values.dailyBudget, values.startDate, values.endDate) <= MAX_BUDGET_USD, {
          path: ['dailyBudget'],
          message: M.estimatedBudgetCeiling,
          when: whenFieldsValid('dailyBudget', 'startDate', 'endDate'),
        }),
        z.refine(
          (values) =>
            // Only once the budget can be computed: with bad dates the end-date message says what is wrong.
            isoDaysBetween(values.startDate, values.endDate) < MIN_CAMPAIGN_DAYS ||
            values.maxBid <= estimatedBudget(values.dailyBudget, values.startDate, values.endDate),
          {
            path: ['maxBid'],
            message: M.maxBidAboveBudget,
            when: whenFieldsValid('maxBid', 'dailyBudget', 'startDate', 'endDate'),
          },
        ),
        z.refine(
          (values) =>
            !(options.flow === 'edit' && hasCampaignStarted(options.saved.startDate, today())) ||
            values.startDate === options.saved.startDate,
          { path: ['startDate'], message: M.startDateLocked, when: whenFieldsValid('startDate') },
        ),
        z.refine(
          (values) =>
            (options.flow === 'edit' && hasCampaignStarted(options.saved.startDate, today())) ||
            values.startDate >= addIsoDays(today(), -graceDays),
          {
            path: ['startDate'],
            message: mode === 'live' ? M.startDateNotPastLive : M.startDateNotPast,
            when: whenFieldsValid('startDate'),
          },
        ),
      ),
    z.transform((values) => ({
      ...values,
      showInHubspot: values.showInHubspot ?? false,
      maxCompanies: values.showInHubspot ? (values.maxCompanies ?? 0) : 0,
      isVideoCampaign: values.mediaType === 'video',
      estimatedBudget: estimatedBudget(values.dailyBudget, values.startDate, values.endDate),
    })),
  );
}

/** The details schema of one flow. */
export type ZCampaignDetailsForm = ReturnType<typeof campaignDetailsSchema>;
/** What the form holds (strings from inputs are fine for the numbers). */
export type TCampaignDetailsInput = z.input<ZCampaignDetailsForm>;
/** Validated details, with the derived values. */
export type TCampaignDetails = z.output<ZCampaignDetailsForm>;

/** `maxCompanies` as a limit: null when there is none (empty or 0, 000 §5). */
export const companyLimit = (maxCompanies: number | null | undefined): number | null =>
  maxCompanies && maxCompanies > 0 ? maxCompanies : null;
