import '../test-env';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConfigForTests, setEnvironmentForTests } from '../config';
import { creativeStorage } from './creative-storage';

afterEach(() => {
  setEnvironmentForTests({ S3_ENDPOINT: 'http://127.0.0.1:1' });
  resetConfigForTests();
});

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
});
