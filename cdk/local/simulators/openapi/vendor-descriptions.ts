import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RecordedReply } from '../simulator-server';
import { OpenApiValidator, readDocuments } from './openapi-validator';
import { HUBSPOT_DESCRIPTION, HUBSPOT_DESCRIPTION_NAME } from './hubspot-openapi';
import { STRIPE_DESCRIPTION_FILE } from './stripe-openapi';

/** Names a directory holding the cut vendor documents (`cut-openapi.ts` output), overriding the defaults. */
export const VENDOR_OPENAPI_DIR_ENV = 'BIDGRID_VENDOR_OPENAPI_DIR';

const repoRoot = resolve(import.meta.dirname, '..', '..', '..', '..');

/**
 * Where HubSpot's own cut documents are, if anywhere on this machine (they are not committed):
 * `BIDGRID_VENDOR_OPENAPI_DIR`, else the steering repository's `shared/openapi` beside the repo, else
 * `fixtures/` beside this file (made by `cut-openapi.ts`); undefined when none holds them.
 */
export function hubspotDocumentsDir(): string | undefined {
  const candidates = [
    process.env[VENDOR_OPENAPI_DIR_ENV],
    join(repoRoot, '..', 'shared', 'openapi'),
    join(import.meta.dirname, 'fixtures'),
  ];
  return candidates.find(
    (dir): dir is string => !!dir && existsSync(dir) && readdirSync(dir).some((f) => /^hubspot-.*\.json$/.test(f)),
  );
}

let hubspot: OpenApiValidator | undefined;
let hubspotDocuments: OpenApiValidator | null | undefined;
let stripe: OpenApiValidator | undefined;

/**
 * The validator of a vendor's committed description: Stripe's `stripe.json` (made from the
 * installed SDK), HubSpot's `hubspot-openapi.ts` (ours, held against HubSpot's documents by
 * `openapi-agreement.ts`); each built once, on first use. Always at hand, so no check skips.
 */
export function vendorValidator(vendor: 'hubspot' | 'stripe'): OpenApiValidator {
  if (vendor === 'stripe') {
    stripe ??= new OpenApiValidator({
      'stripe.json': JSON.parse(readFileSync(STRIPE_DESCRIPTION_FILE, 'utf8')) as Record<string, unknown>,
    });
    return stripe;
  }
  hubspot ??= new OpenApiValidator({ [HUBSPOT_DESCRIPTION_NAME]: HUBSPOT_DESCRIPTION });
  return hubspot;
}

/**
 * A validator over HubSpot's own cut documents when they are on this machine (`hubspotDocumentsDir`),
 * for the checks that also hold replies against them; undefined when they are not.
 */
export function hubspotDocumentsValidator(): OpenApiValidator | undefined {
  if (hubspotDocuments === undefined) {
    const dir = hubspotDocumentsDir();
    hubspotDocuments = dir ? new OpenApiValidator(readDocuments(dir, 'hubspot-')) : null;
  }
  return hubspotDocuments ?? undefined;
}

/** The outcome of holding recorded replies against the vendors' descriptions. */
export interface RecordedCheck {
  /** Replies checked, per vendor. */
  readonly checked: Record<string, number>;
  /** The described operations (`METHOD template (file)`) that answered at least one checked reply. */
  readonly operations: string[];
  /** Vendors whose replies were recorded but not checked: `validatorOf` gave no validator for them. */
  readonly undescribed: string[];
  /** One line per reply that does not match: vendor, method, path, status and what is wrong. */
  readonly failures: string[];
}

/**
 * Reads every `<vendor>-<pid>.jsonl` in `dir` and checks the Stripe and HubSpot replies against
 * `validatorOf(vendor)`: the committed descriptions unless told otherwise.
 */
export function checkRecordedReplies(
  dir: string,
  validatorOf: (vendor: 'hubspot' | 'stripe') => OpenApiValidator | undefined = vendorValidator,
): RecordedCheck {
  const checked: Record<string, number> = {};
  const undescribed = new Set<string>();
  const failures: string[] = [];
  const operations = new Set<string>();
  if (!existsSync(dir)) return { checked, operations: [], undescribed: [], failures };
  // A suite with a stack per worker records each stack's replies in a folder of its own under `dir`.
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const reply = JSON.parse(line) as RecordedReply;
      if (reply.vendor !== 'stripe' && reply.vendor !== 'hubspot') continue;
      // The authorize page is a browser page, not an API operation.
      if (reply.pattern?.startsWith('/oauth/authorize')) continue;
      const validator = validatorOf(reply.vendor);
      if (!validator) {
        undescribed.add(reply.vendor);
        continue;
      }
      checked[reply.vendor] = (checked[reply.vendor] ?? 0) + 1;
      const verdict = validator.check(reply);
      if (verdict.operation && reply.pattern) operations.add(verdict.operation);
      if (verdict.errors.length > 0) {
        failures.push(
          `${reply.vendor} ${reply.method} ${reply.path} -> ${reply.status} (${verdict.operation ?? 'no operation'}): ${verdict.errors.slice(0, 5).join('; ')}`,
        );
      }
    }
  }
  return { checked, operations: [...operations].sort(), undescribed: [...undescribed], failures };
}
