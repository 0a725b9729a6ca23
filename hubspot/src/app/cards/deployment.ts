/**
 * Where this build of the card calls BidGrid. Written by `node hubspot/scripts/configure.mjs`
 * (from the stage's CDK outputs) together with the app's permitted URLs; null until then, and the
 * card then says it is not configured instead of calling anything.
 */
export const BIDGRID_API_URL: string | null = null;
