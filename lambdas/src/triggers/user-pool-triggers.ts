/**
 * A Cognito user pool trigger: CDK attaches the handler to the pool for `trigger`, and the local
 * stack names it in cognito-local's configuration and serves it on its Lambda endpoint.
 */
export interface UserPoolTrigger {
  /** Cognito's trigger name (`PreSignUp`, ...); also the local function name. */
  readonly trigger: 'PreSignUp';
  /** File name under `lambdas/src/triggers/` exporting `handler`, e.g. `pre-sign-up.trigger.ts`. */
  readonly handlerFile: string;
}

/** Every trigger of the user pool. */
export const userPoolTriggers: ReadonlyArray<UserPoolTrigger> = [
  // Only sign-ups carrying a sign-up ticket from the API are let through (audit item 3).
  { trigger: 'PreSignUp', handlerFile: 'pre-sign-up.trigger.ts' },
];
