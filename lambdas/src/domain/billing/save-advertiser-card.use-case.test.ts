import '../../test-env';
import { describe, expect, it } from 'vitest';
import type { TPaymentSave } from '@bidgrid/shared/billing/payment.schema';
import type { TAdvertiserRecord } from '../advertisers/advertiser-record.schema';
import { createCardSetupIntent } from './create-card-setup-intent.use-case';
import { CARD_NOT_SET_UP, saveAdvertiserCard } from './save-advertiser-card.use-case';
import type { TCardMethod } from '../ports/payments.port';
import { memoryAdvertisers, recordFixture } from '../test-fakes';

const AGENCY = 'bgAgency-demo';
const ADV = 'bgAdvertiser-acme';

function world(record: TAdvertiserRecord = recordFixture()) {
  const advertisers = memoryAdvertisers([record]);
  const methods = new Map<string, TCardMethod>([
    ['pm_mine', { id: 'pm_mine', customerId: 'cus_1', last4: '4242', brand: 'visa' }],
    ['pm_free', { id: 'pm_free', customerId: null, last4: '4444', brand: 'mastercard' }],
    ['pm_other', { id: 'pm_other', customerId: 'cus_other', last4: '1111', brand: 'visa' }],
  ]);
  const customers: string[] = [];
  const defaults: Array<[string, string, string]> = [];
  const payments = {
    createCustomer: async ({ idempotencyKey }: { idempotencyKey: string }) => {
      customers.push(idempotencyKey);
      return 'cus_1';
    },
    createSetupIntent: async ({ customerId }: { customerId: string }) => `seti_for_${customerId}_secret_x`,
    getPaymentMethod: async (id: string) => methods.get(id) ?? null,
    attachPaymentMethod: async (id: string, customerId: string) => {
      const attached = { ...(methods.get(id) as TCardMethod), customerId };
      methods.set(id, attached);
      return attached;
    },
    setDefaultPaymentMethod: async (customerId: string, pm: string, email: string) => {
      defaults.push([customerId, pm, email]);
    },
  };
  return { deps: { advertisers: advertisers.repo, payments }, advertisers, customers, defaults };
}

const body = (method: string): TPaymentSave => ({
  bgAdvertiserId: ADV,
  billingEmail: 'billing@acme.example',
  friendlyName: 'Main card',
  method,
});

describe('card setup and save', () => {
  it("creates the advertiser's customer once and answers a setup intent's client secret", async () => {
    // Prepare
    const w = world();

    // Act
    const first = await createCardSetupIntent({ agencyId: AGENCY, advertiserId: ADV }, w.deps);
    const second = await createCardSetupIntent({ agencyId: AGENCY, advertiserId: ADV }, w.deps);

    // Assess
    expect(first).toBe('seti_for_cus_1_secret_x');
    expect(second).toBe(first);
    expect(w.customers).toEqual([`bidgrid-customer:${AGENCY}:${ADV}`]);
  });

  it('saves the card summary, name and billing e-mail of a card set up for this customer', async () => {
    // Prepare
    const w = world(recordFixture({ stripeCustomerId: 'cus_1', billingBlockedPaymentMethodId: 'pm_old' }));

    // Act
    const advertiser = await saveAdvertiserCard({ agencyId: AGENCY, body: body('pm_mine') }, w.deps);

    // Assess
    expect(advertiser).toMatchObject({
      paymentMethod: { card: { last4: '4242', brand: 'visa' } },
      advertiser_card_name: 'Main card',
      billingEmail: 'billing@acme.example',
    });
    expect(advertiser).not.toHaveProperty('stripeCustomerId');
    expect(w.defaults).toEqual([['cus_1', 'pm_mine', 'billing@acme.example']]);
    expect(w.advertisers.get(AGENCY, ADV)?.billingBlockedPaymentMethodId).toBeNull();
  });

  it('attaches a card that is not attached yet', async () => {
    const w = world(recordFixture({ stripeCustomerId: 'cus_1' }));
    const advertiser = await saveAdvertiserCard({ agencyId: AGENCY, body: body('pm_free') }, w.deps);
    expect(advertiser.paymentMethod).toEqual({ card: { last4: '4444', brand: 'mastercard' } });
  });

  it("refuses another customer's card, an unknown one and an advertiser without a card setup", async () => {
    const w = world(recordFixture({ stripeCustomerId: 'cus_1' }));
    const refused = { status: 400, userMessage: CARD_NOT_SET_UP };
    await expect(saveAdvertiserCard({ agencyId: AGENCY, body: body('pm_other') }, w.deps)).rejects.toMatchObject(
      refused,
    );
    await expect(saveAdvertiserCard({ agencyId: AGENCY, body: body('pm_unknown') }, w.deps)).rejects.toMatchObject(
      refused,
    );
    const fresh = world();
    await expect(saveAdvertiserCard({ agencyId: AGENCY, body: body('pm_mine') }, fresh.deps)).rejects.toMatchObject(
      refused,
    );
  });

  it('answers 404 for the advertiser of another agency', async () => {
    const w = world(recordFixture({ stripeCustomerId: 'cus_1' }));
    await expect(
      saveAdvertiserCard({ agencyId: 'bgAgency-rival', body: body('pm_mine') }, w.deps),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      createCardSetupIntent({ agencyId: 'bgAgency-rival', advertiserId: ADV }, w.deps),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
