import { now } from '@bidgrid/shared/clock';
import { issueSignUpTicket as operation } from '@bidgrid/shared/agency/agency.operations';
import { signUpTicketRepository } from '../adapters/repositories/sign-up-ticket.repository';
import { config } from '../kernel/config';
import { issueSignUpTicket } from '../domain/agency/sign-up-tickets.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/agency/signupticket`: a single-use ticket for the one sign-up an internal user is about to make. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  issueSignUpTicket(
    { caller: { username: caller.username }, userName: body.userName, email: body.email },
    { tickets: signUpTicketRepository, internalUsers: config().INTERNAL_USERS, now },
  ),
);
