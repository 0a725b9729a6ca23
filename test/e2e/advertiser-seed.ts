import { nowMs } from '@bidgrid/shared/clock';
import { createAdvertiser } from '@bidgrid/shared/advertisers/advertiser-create.operations';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { Locator } from '@playwright/test';
import { accessTokenFor, callOperation } from '../support/api';
import { expect } from './fixtures';

/** A name no other run on this stack has used. */
export const unique = (prefix: string): string =>
  `${prefix} ${nowMs().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh advertiser of the demo agency (no card, no CRM), made through the API so each test owns its data. */
export async function newAdvertiser(name: string): Promise<TAdvertiser> {
  const token = await accessTokenFor('demo');
  const reply = await callOperation(createAdvertiser, {
    token,
    body: {
      name,
      phone: '+1 512 555 0100',
      address_1: '1 Test Way',
      address_2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      domain: 'e2e-advertiser.example',
    },
  });
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  return reply.body.payload as TAdvertiser;
}

/** Fills the Add Payment Method dialog as a person does (the local card field: number, expiry, CVC). */
export async function fillCardDialog(
  dialog: Locator,
  card: { friendlyName: string; email: string; holder: string; number: string },
): Promise<void> {
  await dialog.getByRole('textbox', { name: /^Friendly Card Name/ }).fill(card.friendlyName);
  await dialog.getByRole('textbox', { name: /^Billing Email/ }).fill(card.email);
  await dialog.getByRole('textbox', { name: /^Cardholder Name/ }).fill(card.holder);
  await dialog.getByLabel('Card number').fill(card.number);
  await dialog.getByLabel('Expiration').fill('12 / 34');
  await dialog.getByLabel('CVC').fill('123');
}
