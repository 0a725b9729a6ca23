/**
 * Facts the two legal documents share (spec 001 §2 "Legal pages", §9 "Legal text"). Named once so the
 * terms and the privacy policy never disagree.
 */
export const LEGAL_LAST_UPDATED = 'November 25, 2026';

/** The privacy mailbox (001 §2: "contact by a privacy mailbox"), on the domain of the support portal. */
export const PRIVACY_MAILBOX = 'privacy@bidgrid.example';

/** 001 §2: the terms are governed by the law of one US state. */
export const GOVERNING_STATE = 'Delaware';
