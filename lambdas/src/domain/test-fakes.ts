import type { TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import { createLogger } from '../lib/logger';
import type { Logger } from '../lib/logger';
import type { TAdvertiserRecord } from './advertiser-record.schema';
import type { SignUpTicketStore, TSignUpTicketRecord } from './ports/sign-up-tickets.port';

/** A logger for use-case tests: silent, but keeps the lines for assertions. */
export function memoryLogger(): Logger & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger({ level: 'debug', sink: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return Object.assign(log, { lines });
}

/** A plausible advertiser of the demo agency; override what a test varies. */
export function advertiserFixture(overrides: Partial<TAdvertiser> = {}): TAdvertiser {
  return {
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 101,
    name: 'Acme Corp',
    createdBy: 'demo',
    createdAt: '2026-10-01T10:00:00.000Z',
    domain: 'acme.example',
    address_1: '1 Main St',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    phone: '+1 217 555 0100',
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: null,
    advertiser_card_name: null,
    billingEmail: null,
    ...overrides,
  };
}

/** The stored record of `advertiserFixture` with server fields. */
export function recordFixture(overrides: Partial<TAdvertiserRecord> = {}): TAdvertiserRecord {
  return {
    ...advertiserFixture(),
    stripeCustomerId: null,
    stripePaymentMethodId: null,
    billedThrough: null,
    lastChargedAt: null,
    billingBlockedPaymentMethodId: null,
    ...overrides,
  };
}

/** A record with a saved card, ready to bill. */
export function cardRecordFixture(overrides: Partial<TAdvertiserRecord> = {}): TAdvertiserRecord {
  return recordFixture({
    stripeCustomerId: 'cus_acme',
    stripePaymentMethodId: 'pm_acme',
    paymentMethod: { card: { last4: '4242', brand: 'visa' } },
    advertiser_card_name: 'Main card',
    billingEmail: 'billing@acme.example',
    ...overrides,
  });
}

/** An in-memory ticket store with the conditions of the DynamoDB one. */
export function memoryTicketStore(): SignUpTicketStore & { records: Map<string, TSignUpTicketRecord> } {
  const records = new Map<string, TSignUpTicketRecord>();
  return {
    records,
    saveIssued: async (record) => {
      if (records.has(record.ticketHash)) throw new Error('ticket hash collision');
      records.set(record.ticketHash, record);
    },
    markSignedUp: async ({ ticketHash, username, email, at }) => {
      const found = records.get(ticketHash);
      if (!found || found.status !== 'issued' || found.username !== username || found.email !== email) return false;
      if (found.signUpBy <= at) return false;
      records.set(ticketHash, { ...found, status: 'signed-up', signedUpAt: at });
      return true;
    },
    find: async (ticketHash) => records.get(ticketHash) ?? null,
  };
}
