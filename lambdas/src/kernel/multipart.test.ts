import { describe, expect, it } from 'vitest';
import { MultipartError, multipartBoundary, parseMultipart } from './multipart';

const boundary = 'XyZ123';

function part(headers: string, content: string | Buffer): Buffer {
  return Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
}

describe('multipartBoundary', () => {
  it('reads plain and quoted boundaries of multipart/form-data only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b;c"')).toBe('a b;c');
    expect(multipartBoundary('application/json')).toBeNull();
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});

describe('parseMultipart', () => {
  it('returns text fields and files with their bytes untouched', () => {
    // Prepare
    const bytes = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const body = Buffer.concat([
      Buffer.from('preamble ignored\r\n'),
      part('Content-Disposition: form-data; name="name"', 'Spring banner ✓'),
      part(
        'Content-Disposition: form-data; name="files"; filename="C:\\Users\\me\\ad.gif"\r\nContent-Type: image/gif',
        bytes,
      ),
      part('Content-Disposition: form-data; name="empty"; filename=""\r\nContent-Type: application/octet-stream', ''),
      Buffer.from(`--${boundary}--\r\n`),
    ]);

    // Act
    const form = parseMultipart(body, boundary);

    // Assess
    expect(form.fields).toEqual({ name: 'Spring banner ✓' });
    expect(form.files).toHaveLength(1);
    expect(form.files[0]).toMatchObject({ fieldName: 'files', fileName: 'ad.gif', contentType: 'image/gif' });
    expect(form.files[0]?.data.equals(bytes)).toBe(true);
  });

  it('rejects bodies without the boundary or with an unterminated part', () => {
    expect(() => parseMultipart(Buffer.from('no parts here'), boundary)).toThrow(MultipartError);
    expect(() =>
      parseMultipart(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue`), boundary),
    ).toThrow(MultipartError);
  });

  it('rejects a part without a name', () => {
    const body = Buffer.concat([part('Content-Disposition: form-data', 'x'), Buffer.from(`--${boundary}--`)]);
    expect(() => parseMultipart(body, boundary)).toThrow('Part without a name');
  });
});
