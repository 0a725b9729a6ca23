import { now } from '@bidgrid/shared/clock';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { SIGN_UP_TICKET_METADATA_KEY } from '@bidgrid/shared/agency/agency.schema';
import { signUpTicketRepository } from '../adapters/repositories/sign-up-ticket.repository';
import { SignUpRefusedError, redeemSignUpTicket } from '../domain/agency/sign-up-tickets.use-case';
import { logger } from '../kernel/logger';

/**
 * The user pool's PreSignUp trigger (the same module runs in the cloud and, through the local stack's
 * Lambda endpoint, behind cognito-local): a sign-up passes only with a valid, unused sign-up ticket
 * for its user name and e-mail in `ClientMetadata` (see `sign-up-tickets.use-case.ts`). Throwing
 * refuses the sign-up; Cognito answers the caller `UserLambdaValidationException` with the message.
 * The confirmation step stays: nothing is auto-confirmed or auto-verified.
 */
export async function handler(event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> {
  const log = logger().child({ trigger: 'PreSignUp', source: event.triggerSource, username: event.userName });
  try {
    await redeemSignUpTicket(
      {
        source: event.triggerSource,
        username: event.userName,
        email: event.request.userAttributes['email'],
        ticket: event.request.clientMetadata?.[SIGN_UP_TICKET_METADATA_KEY],
      },
      { tickets: signUpTicketRepository, now },
    );
  } catch (error) {
    if (error instanceof SignUpRefusedError) log.warn(`sign-up refused: ${error.message}`);
    else log.error('sign-up check failed', { error });
    throw error;
  }
  log.info('sign-up allowed');
  return event;
}
