import * as z from '../zod';

/**
 * Session (000 §3): the web app's sign-in state. Client state only: the tokens are Cognito's and
 * never travel in a request body or a log; the access token is also kept in the `ACCESS_TOKEN` cookie.
 */
export const ZSession = z.object({
  isAuthenticated: z.boolean(),
  session: z.nullable(
    z.object({
      accessToken: z.string().check(z.minLength(1)),
      idToken: z.string().check(z.minLength(1)),
      refreshToken: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
  isLoading: z.boolean(),
  /** The signed-in user name, used as `createdBy`. */
  userName: z._default(z.nullable(z.string()), null),
});
export type TSession = z.infer<typeof ZSession>;

/** Api error state (000 §3): the last reply error shown as a toast, null when none. */
export const ZApiErrorState = z.object({ apiError: z.nullable(z.string()) });
export type TApiErrorState = z.infer<typeof ZApiErrorState>;
