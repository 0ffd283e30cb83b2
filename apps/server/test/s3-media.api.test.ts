import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3MediaStorage } from '../src/core/media/s3-media-storage.js';
import { startS3StandIn, type S3StandIn } from './support/s3-stand-in.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let s3: S3StandIn;
let t: TestApp;
const credentials = { S3_ACCESS_KEY_ID: 'portal-test-key', S3_SECRET_ACCESS_KEY: 'portal-test-secret' };

beforeAll(async () => {
  s3 = await startS3StandIn('portal-media', credentials.S3_ACCESS_KEY_ID);
  t = await createTestApp({ S3_BUCKET: 'portal-media', S3_ENDPOINT: s3.url, ...credentials });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

describe('media on an S3-compatible store', () => {
  it('keeps the seeded pictures in the bucket, signed, and serves them through the portal', async () => {
    expect([...s3.objects.keys()].sort()).toEqual([
      'portfolio/projects/ai-lab.webp',
      'portfolio/projects/hyper3d.webp',
      'portfolio/projects/social.webp',
      'portfolio/projects/taberna.webp',
    ]);
    expect(s3.unsigned).toBe(0);
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/v1/vue-apps/' })).json() as { photo: string }[];
    expect(first!.photo).toBe('http://portal.test/static/media/portfolio/projects/taberna.webp');
    const picture = await t.app.inject({ method: 'GET', url: '/static/media/portfolio/projects/taberna.webp' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect(picture.rawPayload.equals(s3.objects.get('portfolio/projects/taberna.webp')!.body)).toBe(true);
  });

  it('answers 404 for missing objects and refuses unsafe keys', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/static/media/portfolio/projects/none.webp' })).statusCode).toBe(404);
    for (const url of ['/static/media/..%2F..%2Fetc%2Fpasswd', '/static/media/portfolio/%2E%2E/%2E%2E/x.webp']) {
      const traversal = await t.app.inject({ method: 'GET', url });
      expect(traversal.statusCode).toBe(404);
      expect(traversal.json()).toEqual({ detail: 'Not found.' });
    }
    // Refused before the bucket is asked: no key with a parent step ever reaches it.
    expect(s3.keysAsked.filter((key) => key.includes('..'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/static/media/Portfolio/X.webp' })).statusCode).toBe(404);
  });

  it('puts, reads, checks and deletes objects; builds public URLs when a CDN is configured', async () => {
    const storage = createS3MediaStorage(
      {
        bucket: 'portal-media',
        region: 'us-east-1',
        endpoint: s3.url,
        forcePathStyle: true,
        accessKeyId: 'portal-test-key',
        secretAccessKey: 's',
        publicUrl: 'https://cdn.example.com/media/',
      },
      'http://portal.test',
    );
    await storage.put('tests/a.txt', Buffer.from('hello'), 'text/plain');
    expect(await storage.exists('tests/a.txt')).toBe(true);
    expect((await storage.get('tests/a.txt'))?.toString()).toBe('hello');
    await storage.delete('tests/a.txt');
    expect(await storage.exists('tests/a.txt')).toBe(false);
    expect(await storage.get('tests/a.txt')).toBeUndefined();
    expect(storage.url('tests/a.txt')).toBe('https://cdn.example.com/media/tests/a.txt');
    await expect(storage.put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow('Unsafe media key');
  });

  it('lets the page load media from the CDN origin, and from nowhere else', async () => {
    const cdn = await createTestApp({
      S3_BUCKET: 'portal-media',
      S3_ENDPOINT: s3.url,
      S3_PUBLIC_URL: 'https://cdn.example.com/media',
      ...credentials,
    });
    try {
      // The page's policy (a client route); API answers carry the constant strict one, which loads nothing.
      const csp = String((await cdn.app.inject({ method: 'GET', url: '/social/feed' })).headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.com");
      expect(csp).toContain("media-src 'self' blob: https://cdn.example.com");
    } finally {
      await cdn.close();
    }
  });
});
