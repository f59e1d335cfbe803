import { describe, expect, it } from 'vitest';
import { encodeS3Path, signS3Request } from './sigv4';

describe('S3 request signing', () => {
  it('matches the GET-object example of the AWS SigV4 documentation', () => {
    const headers = signS3Request(
      {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      {
        method: 'GET',
        host: 'examplebucket.s3.amazonaws.com',
        path: '/test.txt',
        headers: { Range: 'bytes=0-9' },
      },
      new Date('2013-05-24T00:00:00Z'),
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
  });

  it('encodes keys as SigV4 wants, keeping the slashes', () => {
    expect(encodeS3Path('/bucket/a b/c(1)*.jpg')).toBe('/bucket/a%20b/c%281%29%2A.jpg');
  });
});
