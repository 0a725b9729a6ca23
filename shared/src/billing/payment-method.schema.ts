import * as z from '../zod';
import { emailField, requiredName } from '../common/fields';

/**
 * Add Payment Method dialog (000 §2, §5): Friendly Card Name, Billing Email (an e-mail input, so its
 * format is checked too) and Cardholder Name are required. The card itself is the provider's element.
 */
export const ZPaymentMethodForm = z.object({
  friendlyName: requiredName(),
  billingEmail: emailField(),
  cardholderName: requiredName(),
});
export type TPaymentMethodFormInput = z.input<typeof ZPaymentMethodForm>;
export type TPaymentMethodForm = z.output<typeof ZPaymentMethodForm>;
