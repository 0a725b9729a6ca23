import { MISSING_BODY_ERROR, UNSUPPORTED_FORM_MEDIA_TYPE_ERROR } from '@bidgrid/shared/api/envelope';
import { BadRequestError, UnsupportedMediaTypeError } from './errors';

/** One file part of a multipart/form-data body. */
export interface UploadedFile {
  /** The form field name (`name=` of the part). */
  fieldName: string;
  /** The client's file name (`filename=`), without any directory part. */
  fileName: string;
  /** The part's Content-Type, `application/octet-stream` when the client sent none. */
  contentType: string;
  data: Buffer;
}

/** A parsed multipart/form-data body: text fields (a repeated name keeps its last value) and files. */
export interface MultipartForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** Thrown for a body that is not valid multipart/form-data; the HTTP layer answers 400. */
export class MultipartError extends Error {
  override readonly name = 'MultipartError';
}

/** The boundary parameter of a `multipart/form-data` Content-Type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  if (!contentType || !/^multipart\/form-data\s*(;|$)/i.test(contentType.trim())) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/**
 * A parameter of a Content-Disposition header (`name`, `filename`), quoted or not. Browsers send
 * a quote inside a value as `%22` and never backslash-escape (HTML form encoding), so a backslash
 * is kept as it is: it may be part of a Windows path.
 */
function dispositionParam(header: string, param: string): string | undefined {
  const match = new RegExp(`;\\s*${param}=(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header);
  return match?.[1] ?? match?.[2];
}

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Parses a multipart/form-data body (RFC 7578). Creative uploads arrive this way, base64-encoded
 * by API Gateway; the file bytes are kept as a Buffer, never decoded as text.
 */
export function parseMultipart(body: Buffer, boundary: string): MultipartForm {
  const delimiter = Buffer.from(`--${boundary}`);
  const form: MultipartForm = { fields: {}, files: [] };

  let start = body.indexOf(delimiter);
  if (start === -1) throw new MultipartError('Boundary not found in body');

  for (;;) {
    const afterDelimiter = start + delimiter.length;
    // `--boundary--` closes the body.
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    if (!body.subarray(afterDelimiter, afterDelimiter + 2).equals(CRLF)) {
      throw new MultipartError('Malformed delimiter line');
    }
    const partStart = afterDelimiter + 2;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), partStart);
    if (next === -1) throw new MultipartError('Unterminated part');
    parsePart(body.subarray(partStart, next), form);
    start = next + CRLF.length;
  }
  return form;
}

function parsePart(part: Buffer, form: MultipartForm): void {
  const headerEnd = part.indexOf(HEADER_END);
  if (headerEnd === -1) throw new MultipartError('Part without headers');
  const headers = new Map<string, string>();
  for (const line of part.subarray(0, headerEnd).toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition');
  if (!disposition || !/^form-data\b/i.test(disposition))
    throw new MultipartError('Part without form-data disposition');
  const name = dispositionParam(disposition, 'name');
  if (name === undefined) throw new MultipartError('Part without a name');
  const content = part.subarray(headerEnd + HEADER_END.length);
  const fileName = dispositionParam(disposition, 'filename');
  if (fileName === undefined) {
    form.fields[name] = content.toString('utf8');
    return;
  }
  // A file input left empty is sent as a part with an empty file name and no bytes: not a file.
  if (fileName === '' && content.length === 0) return;
  form.files.push({
    fieldName: name,
    // Old browsers send a full client path; keep only the base name.
    fileName: fileName.split(/[\\/]/).pop() ?? fileName,
    contentType: headers.get('content-type') ?? 'application/octet-stream',
    data: Buffer.from(content),
  });
}

/**
 * The body reader of a form operation (`httpHandler(operation, run, { form: readFormBody })`): the
 * fields and files of a multipart/form-data body. Throws the 415 of another Content-Type and the 400
 * of a body it cannot read. Only form operations' bundles carry the multipart parser.
 */
export function readFormBody(bytes: Buffer, contentType: string | undefined): MultipartForm {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType?.trim() ?? '')) {
    throw new UnsupportedMediaTypeError(UNSUPPORTED_FORM_MEDIA_TYPE_ERROR, {
      internalMessage: `Form body sent as ${contentType ?? 'no Content-Type'}`,
    });
  }
  const boundary = multipartBoundary(contentType);
  if (!boundary) throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: 'No multipart boundary' });
  try {
    return parseMultipart(bytes, boundary);
  } catch (error) {
    if (error instanceof MultipartError) {
      throw new BadRequestError(MISSING_BODY_ERROR, undefined, { internalMessage: error.message, cause: error });
    }
    throw error;
  }
}
