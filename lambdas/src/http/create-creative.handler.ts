import { createCreative as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeCallDeps } from '../adapters/wiring';
import { createCreative } from '../domain/ad-groups/create-creative.use-case';
import { httpHandler } from '../entry/http';
import { readFormBody } from '../kernel/multipart';

/** `POST /api/creatives/create` (form data): a new creative from an existing asset (`sourceUrl`). */
export const { handler, raw } = httpHandler(
  operation,
  ({ caller, body, files, log }) => {
    const { file: _declared, ...form } = body;
    return createCreative(
      { agencyId: caller.agencyId, form, file: files.find((f) => f.fieldName === 'file'), requireSourceUrl: true },
      creativeCallDeps(log),
    );
  },
  { form: readFormBody },
);
