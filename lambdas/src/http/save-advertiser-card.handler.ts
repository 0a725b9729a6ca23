import { saveAdvertiserCard as operation } from '@bidgrid/shared/billing/payments.operations';
import { paymentsGateway } from '../adapters/payments';
import { advertiserRepository } from '../adapters/repositories/advertiser.repository';
import { saveAdvertiserCard } from '../domain/billing/save-advertiser-card.use-case';
import { httpHandler } from '../entry/http';

/** `POST /api/stripe/advertiser/card`: saves the confirmed card on one of the caller's advertisers. */
export const { handler, raw } = httpHandler(operation, ({ caller, body }) =>
  saveAdvertiserCard(
    { agencyId: caller.agencyId, body },
    { advertisers: advertiserRepository, payments: paymentsGateway() },
  ),
);
