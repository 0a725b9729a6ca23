/** An e-mail the app sends (invoices). */
export interface TMailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Sends e-mail; resolves once the provider accepted the message. */
export type MailSender = (message: TMailMessage) => Promise<void>;
