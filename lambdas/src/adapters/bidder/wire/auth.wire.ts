import * as z from '@bidgrid/shared/zod';
import { buzzRoute } from './common.wire';

/**
 * Sign-in: `POST /rest/v2/authenticate {email, password, keep_logged_in}` sets the cookie
 * `<buzz_key>_buzz_cookie` (15 minutes; 30 days with `keep_logged_in`). The reply body carries
 * nothing the client needs; its shape is unconfirmed, so only a message is described.
 */
export const ZAuthenticateRequest = z.object({
  email: z.email(),
  password: z.string().check(z.minLength(1)),
  keep_logged_in: z._default(z.boolean(), false),
});

export const ZAuthenticateReply = z.looseObject({ message: z.string() });

export const authenticateRoute = buzzRoute({
  method: 'POST',
  path: '/rest/v2/authenticate',
  api: 'v2',
  body: 'json',
  request: ZAuthenticateRequest,
  reply: ZAuthenticateReply,
});

/** The session cookie's name for an account (`<buzz_key>_buzz_cookie`). */
export const sessionCookieName = (buzzKey: string): string => `${buzzKey}_buzz_cookie`;
