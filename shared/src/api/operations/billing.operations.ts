import * as z from 'zod';
import { defineOperation } from '../operation';
import { ZBillingLog, ZInvoice } from '../../entities/billing.schema';
import { jsonStringOr, ZUsernameBody } from './payload';

export const listSentInvoices = defineOperation({
  name: 'listSentInvoices',
  method: 'POST',
  path: '/api/mailSents',
  auth: 'user',
  body: ZUsernameBody,
  response: jsonStringOr(z.array(ZInvoice)),
  summary:
    "Invoices e-mailed for the caller's agency, newest first. The payload is a JSON string of the invoices as the spec says (the schema also takes the array); the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});

export const listAllBillingLogs = defineOperation({
  name: 'listAllBillingLogs',
  method: 'POST',
  path: '/api/billingLogs/all',
  auth: 'user',
  body: ZUsernameBody,
  response: z.array(ZBillingLog),
  summary:
    "Every billing log of the caller's agency, newest first ('All Billing Logs'); the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});

export const listBillingLogsByUsername = defineOperation({
  name: 'listBillingLogsByUsername',
  method: 'POST',
  path: '/api/billingLogs/byusername',
  auth: 'user',
  body: ZUsernameBody,
  response: z.array(ZBillingLog),
  summary:
    "Billing logs of the campaigns the caller created, newest first; the body's username is ignored, the caller comes from the token.",
  specRef: '000 §7',
});
