import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_BUCKET, startS3 } from './s3';
import type { LocalS3 } from './s3';

describe('local S3 (s3rver)', () => {
  const directory = mkdtempSync(join(tmpdir(), 'bidgrid-s3-test-'));
  let s3: LocalS3;

  beforeAll(async () => {
    s3 = await startS3({ port: 0, directory, webOrigins: [] });
  });

  afterAll(async () => {
    await s3.stop();
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves objects with their stored type and nosniff, so a browser never reads one as a page', async () => {
    // Prepare: an object whose bytes look like a page, stored as an image.
    const url = `${s3.endpoint}/${LOCAL_BUCKET}/creatives/probe.png`;
    const put = await fetch(url, {
      method: 'PUT',
      body: '<html><script>alert(1)</script></html>',
      headers: { 'content-type': 'image/png' },
    });
    expect(put.status).toBe(200);

    // Act
    const reply = await fetch(url);

    // Assess
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('image/png');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
