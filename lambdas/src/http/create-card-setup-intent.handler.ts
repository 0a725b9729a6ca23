import { createCardSetupIntent as operation } from '@bidgrid/shared/billing/payments.operations';
import { paymentsGateway } from '../adapters/payments';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { createCardSetupIntent } from '../domain/billing/create-card-setup-intent.use-case';
import { httpHandler } from '../entry/http';

/** `GET /api/stripe/intent?advertiserId=`: a card setup intent's client secret for the advertiser's customer. */
export const { handler, raw } = httpHandler(operation, ({ caller, query }) =>
  createCardSetupIntent(
    { agencyId: caller.agencyId, advertiserId: query.advertiserId },
    { advertisers: advertiserRepository, payments: paymentsGateway() },
  ),
);
