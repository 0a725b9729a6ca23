import { changeCreative as operation } from '@bidgrid/shared/ad-groups/creative.operations';
import { creativeCallDeps } from '../adapters/wiring';
import { changeCreative } from '../domain/ad-groups/change-creative.use-case';
import { httpHandler } from '../entry/http';
import { readFormBody } from '../kernel/multipart';

/** `POST /api/creatives/change` (form data): replaces a creative's fields, and with a new file its asset. */
export const { handler, raw } = httpHandler(
  operation,
  ({ caller, body, files, log }) => {
    const { file: _declared, ...form } = body;
    return changeCreative(
      { agencyId: caller.agencyId, form, file: files.find((f) => f.fieldName === 'file') },
      creativeCallDeps(log),
    );
  },
  { form: readFormBody },
);
