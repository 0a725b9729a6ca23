import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { ZAgency, ZAgencyCreate, ZSignUpTicketGrant, ZSignUpTicketRequest } from './agency.schema';
import { ZPlaybook } from './playbook.schema';
import { ZUsername } from '../common/common.schema';

export const getAgencyAssignedToUser = defineOperation({
  name: 'getAgencyAssignedToUser',
  method: 'GET',
  path: '/api/agency/agencyassignedtouser/{username}',
  auth: 'user',
  // The path's username is ignored: the server answers only with the caller's own agency.
  params: z.object({ username: ZUsername }),
  response: ZAgency,
  summary: "The caller's agency (the path's user name is never trusted).",
  specRef: '000 §7',
});

export const createAgency = defineOperation({
  name: 'createAgency',
  method: 'POST',
  path: '/public/agency/create',
  // Under /public in the spec, yet only an allow-listed internal user may call it: token required.
  auth: 'user',
  tenant: 'none',
  body: ZAgencyCreate,
  response: ZAgency,
  summary:
    "Creates the agency of the user a sign-up just registered (allow-listed internal users only, with that sign-up's ticket; never overwrites, never names another user).",
  specRef: '000 §7',
});

export const getPlaybooks = defineOperation({
  name: 'getPlaybooks',
  method: 'GET',
  path: '/api/playBooks',
  auth: 'user',
  response: z.array(ZPlaybook),
  summary: 'Playbook cards of the dashboard.',
  specRef: '000 §7, 001 §7',
});

export const getSignUpAccess = defineOperation({
  name: 'getSignUpAccess',
  method: 'GET',
  path: '/api/agency/signupaccess',
  auth: 'user',
  // Asked before the caller has an agency of their own is any concern: the answer is about the caller only.
  tenant: 'none',
  response: z.object({ allowed: z.boolean() }),
  summary:
    'Whether the caller may create agency accounts (ours: /bgsignup shows its form only to the allow-listed internal users, 000 §2, §6).',
  specRef: 'ours',
});

export const issueSignUpTicket = defineOperation({
  name: 'issueSignUpTicket',
  method: 'POST',
  path: '/api/agency/signupticket',
  auth: 'user',
  // Asked by the internal user who creates the account, whatever their own agency.
  tenant: 'none',
  body: ZSignUpTicketRequest,
  response: ZSignUpTicketGrant,
  summary:
    'Issues a short-lived, single-use sign-up ticket for one user name and e-mail (allow-listed internal users only): the user pool refuses sign-ups without one.',
  specRef: 'ours (000 §2 /bgsignup: only allow-listed internal users create accounts)',
});
