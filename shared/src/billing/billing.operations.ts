import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { ZBillingLog, ZInvoice, ZInvoiceSummary } from './billing.schema';
import { jsonStringOr, ZUsernameBody, PAGE_100 } from '../api/payload';

export const listSentInvoices = defineOperation({
  name: 'listSentInvoices',
  method: 'POST',
  path: '/api/mailSents',
  auth: 'user',
  body: ZUsernameBody,
  response: jsonStringOr(z.array(ZInvoiceSummary)),
  paged: PAGE_100,
  summary:
    "Invoices e-mailed for the caller's agency, newest first, one page at a time, without their HTML body (GET /mailSents/{id} has it). The payload is a JSON string of the invoices as the spec says (the schema also takes the array); the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});

export const getSentInvoice = defineOperation({
  name: 'getSentInvoice',
  method: 'GET',
  path: '/api/mailSents/{id}',
  auth: 'user',
  params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) }),
  response: ZInvoice,
  summary:
    "Path ours (issue 9 §6): one invoice of the caller's agency with its HTML body, for the Invoices page's PDF export (another agency's id answers 404).",
  specRef: 'ours (000 §2 Invoices export)',
});

export const listAllBillingLogs = defineOperation({
  name: 'listAllBillingLogs',
  method: 'POST',
  path: '/api/billingLogs/all',
  auth: 'user',
  body: ZUsernameBody,
  response: z.array(ZBillingLog),
  paged: PAGE_100,
  summary:
    "Every billing log of the caller's agency, newest first, one page at a time ('All Billing Logs'); the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});

export const listBillingLogsByUsername = defineOperation({
  name: 'listBillingLogsByUsername',
  method: 'POST',
  path: '/api/billingLogs/byusername',
  auth: 'user',
  body: ZUsernameBody,
  response: z.array(ZBillingLog),
  paged: PAGE_100,
  summary:
    "Billing logs of the campaigns the caller created, newest first, one page at a time; the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});
