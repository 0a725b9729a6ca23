import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config } from '../kernel/config';
import type { MailSender, TMailMessage } from '../domain/ports/mail.port';
import { InternalError, VendorError } from '../kernel/errors';

const VENDOR = 'mail';
let ses: SESv2Client | undefined;

/** SES v2 in the cloud: a simple message from MAIL_FROM (a verified identity). */
async function sendWithSes(message: TMailMessage): Promise<void> {
  const cfg = config();
  ses ??= new SESv2Client({ region: cfg.AWS_REGION });
  try {
    await ses.send(
      new SendEmailCommand({
        FromEmailAddress: cfg.MAIL_FROM,
        Destination: { ToAddresses: [message.to] },
        Content: {
          Simple: {
            Subject: { Data: message.subject, Charset: 'UTF-8' },
            Body: { Html: { Data: message.html, Charset: 'UTF-8' }, Text: { Data: message.text, Charset: 'UTF-8' } },
          },
        },
      }),
    );
  } catch (error) {
    throw new VendorError(
      VENDOR,
      `SES refused the message: ${error instanceof Error ? error.message : 'error'}`,
      error,
    );
  }
}

/** Locally: the mail simulator's outbox (`POST MAIL_OUTBOX_URL`). */
async function sendToOutbox(message: TMailMessage): Promise<void> {
  const cfg = config();
  if (!cfg.MAIL_OUTBOX_URL) throw new InternalError('MAIL_MODE is outbox but MAIL_OUTBOX_URL is not set');
  let response: Response;
  try {
    response = await fetch(cfg.MAIL_OUTBOX_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: cfg.MAIL_FROM, ...message }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new VendorError(VENDOR, `outbox unreachable: ${error instanceof Error ? error.message : 'error'}`, error);
  }
  if (!response.ok) throw new VendorError(VENDOR, `outbox answered ${response.status}`);
}

/** The mail adapter: SES v2 when MAIL_MODE is `ses`, the local outbox when it is `outbox`. */
export const sendMail: MailSender = (message) =>
  config().MAIL_MODE === 'ses' ? sendWithSes(message) : sendToOutbox(message);
