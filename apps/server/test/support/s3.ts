import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's built-in account: it refuses requests signed with any other key. */
export const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1' };
export const S3_BUCKET = 'parlor';

export interface TestS3 {
  endpoint: string;
  /** What the bucket holds, by key (walking s3rver's files; its own metadata files left out). */
  keys(): string[];
  close(): Promise<void>;
}

/** Starts an S3-compatible server on a free port, with one empty bucket, keeping files in a temp dir. */
export async function startS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'parlor-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET }],
  });
  const { port } = await server.run();
  const bucketDir = path.join(directory, S3_BUCKET);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    keys: () =>
      (fs.readdirSync(bucketDir, { recursive: true }) as string[])
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
        .sort(),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
