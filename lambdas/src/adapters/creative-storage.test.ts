import '../test-env';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests, setEnvironmentForTests } from '../kernel/config';
import { creativeStorage, resetCreativeStorageForTests } from './creative-storage';

afterEach(() => {
  setEnvironmentForTests({ S3_ENDPOINT: 'http://127.0.0.1:1' });
  delete process.env['CREATIVE_CDN_DOMAIN'];
  resetConfigForTests();
  resetCreativeStorageForTests();
});

/** The cloud's configuration: no emulator endpoint, creatives read through the distribution. */
function inTheCloud(): void {
  delete process.env['S3_ENDPOINT'];
  setEnvironmentForTests({ CREATIVE_CDN_DOMAIN: 'd111creatives.cloudfront.net' });
}

describe('creative bucket URLs', () => {
  it('names and reads path-style URLs of the local endpoint, signature or not', () => {
    const url = creativeStorage.urlOf('uploads/bgAgency-demo/u-1/a b.png');
    expect(url).toBe('http://127.0.0.1:1/bidgrid-test-creatives/uploads/bgAgency-demo/u-1/a%20b.png');
    expect(creativeStorage.keyFromUrl(`${url}?X-Amz-Signature=abc`)).toBe('uploads/bgAgency-demo/u-1/a b.png');
    expect(creativeStorage.keyFromUrl('http://127.0.0.1:1/another-bucket/x.png')).toBeNull();
    expect(creativeStorage.keyFromUrl('http://evil.example/bidgrid-test-creatives/x.png')).toBeNull();
    expect(creativeStorage.keyFromUrl('http://127.0.0.1:1/bidgrid-test-creatives/a%2F..%2Fb.png')).toBeNull();
    expect(creativeStorage.keyFromUrl('not a url')).toBeNull();
  });

  it('reads virtual-hosted URLs of the bucket in AWS', () => {
    setEnvironmentForTests({ S3_ENDPOINT: '' });
    delete process.env['S3_ENDPOINT'];
    resetConfigForTests();
    const url = creativeStorage.urlOf('creatives/bgAgency-demo/bgCreative-1/banner.png');
    expect(url).toBe(
      'https://bidgrid-test-creatives.s3.us-east-1.amazonaws.com/creatives/bgAgency-demo/bgCreative-1/banner.png',
    );
    expect(creativeStorage.keyFromUrl(url)).toBe('creatives/bgAgency-demo/bgCreative-1/banner.png');
    expect(creativeStorage.keyFromUrl(url.replace('https:', 'http:'))).toBeNull();
  });
});

describe('presigned reads in the cloud', () => {
  it('go through the creative distribution (nosniff) with the path and signature S3 made for its own host', async () => {
    // Prepare
    inTheCloud();
    const key = 'creatives/bgAgency-demo/bgCreative-1/banner one.png';

    // Act
    const url = new URL(await creativeStorage.presignGet(key, { contentType: 'image/png', seconds: 60 }));

    // Assess
    expect(url.origin).toBe('https://d111creatives.cloudfront.net');
    expect(url.pathname).toBe('/creatives/bgAgency-demo/bgCreative-1/banner%20one.png');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(url.searchParams.get('response-content-type')).toBe('image/png');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    // A creative made from such a URL (a template's source) is found again.
    expect(creativeStorage.keyFromUrl(url.toString())).toBe(key);
  });

  it('stay on the emulator locally, which adds nosniff itself', async () => {
    // Act
    const url = new URL(await creativeStorage.presignGet('creatives/a/b.png'));

    // Assess
    expect(url.origin).toBe('http://127.0.0.1:1');
    expect(url.pathname).toBe('/bidgrid-test-creatives/creatives/a/b.png');
  });
});

describe('ranged reads', () => {
  const s3Mock = mockClient(S3Client);
  // The SDK's stream body, reduced to the one method the adapter calls.
  const body = (bytes: number[]) => ({ transformToByteArray: async () => new Uint8Array(bytes) }) as never;

  it('asks S3 for the range only, and cuts it out when the store ignored it', async () => {
    // Prepare
    s3Mock.reset();
    s3Mock
      .on(GetObjectCommand, { Key: 'uploads/a/ranged.mp4' })
      .resolves({ Body: body([5, 6, 7]), ContentRange: 'bytes 5-7/10' })
      .on(GetObjectCommand, { Key: 'uploads/a/whole.mp4' })
      .resolves({ Body: body([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) });

    // Act
    const ranged = await creativeStorage.readRange('uploads/a/ranged.mp4', 5, 3);
    const whole = await creativeStorage.readRange('uploads/a/whole.mp4', 5, 3);

    // Assess
    expect(s3Mock.commandCalls(GetObjectCommand)[0]?.args[0].input.Range).toBe('bytes=5-7');
    expect([...ranged]).toEqual([5, 6, 7]);
    expect([...whole]).toEqual([5, 6, 7]);
  });

  it('reads again when the body breaks off part-way, and gives up after three reads', async () => {
    // Prepare: the connection closes mid-body (what Node's HTTP client reports as `aborted`).
    s3Mock.reset();
    const brokenOff = () => ({
      transformToByteArray: () => Promise.reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })),
    });
    s3Mock
      .on(GetObjectCommand, { Key: 'uploads/a/flaky.png' })
      .resolvesOnce({ Body: brokenOff() as never, ContentRange: 'bytes 0-2/3' })
      .resolves({ Body: body([1, 2, 3]), ContentRange: 'bytes 0-2/3' })
      .on(GetObjectCommand, { Key: 'uploads/a/broken.png' })
      .resolves({ Body: brokenOff() as never, ContentRange: 'bytes 0-2/3' })
      .on(GetObjectCommand, { Key: 'uploads/a/denied.png' })
      .rejects(Object.assign(new Error('Access Denied'), { name: 'AccessDenied' }));

    // Act
    const flaky = await creativeStorage.readRange('uploads/a/flaky.png', 0, 3);
    const broken = await creativeStorage.readRange('uploads/a/broken.png', 0, 3).catch((e: unknown) => e);
    const denied = await creativeStorage.readRange('uploads/a/denied.png', 0, 3).catch((e: unknown) => e);

    // Assess
    expect([...flaky]).toEqual([1, 2, 3]);
    expect(broken).toMatchObject({ message: 'aborted' });
    expect(denied).toMatchObject({ name: 'AccessDenied' });
    const reads = (key: string) => s3Mock.commandCalls(GetObjectCommand, { Key: key }).length;
    expect([reads('uploads/a/flaky.png'), reads('uploads/a/broken.png'), reads('uploads/a/denied.png')]).toEqual([
      2, 3, 1,
    ]);
  });
});
