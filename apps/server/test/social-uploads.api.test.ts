import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '@portal/contracts';
import { createTestApp, type TestApp } from './support/test-app.js';
import { SETUP_TIMEOUT_MS, getJson, multipart, picture, socialUser, type FilePart, type SocialUser } from './support/social.js';

let t: TestApp;
let user: SocialUser;

beforeAll(async () => {
  t = await createTestApp();
  user = await socialUser(t);
}, SETUP_TIMEOUT_MS);
afterAll(() => t.close());

async function stored(): Promise<string[]> {
  const root = path.join(t.dataDir, 'media');
  const entries = await fs.readdir(root, { recursive: true }).catch(() => [] as string[]);
  return entries.filter((entry) => !entry.startsWith('portfolio')).sort();
}

async function upload(files: FilePart[], body = 'With pictures') {
  const form = await multipart({ body }, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/social-posts/create/',
    headers: { ...user.headers, ...form.headers },
    payload: form.payload,
  });
}

const postsCount = async () => (await getJson<Profile>(t, '/api/social-profiles/me/', user)).body.posts_count;

describe('picture uploads refuse attacks with 4xx and store nothing', () => {
  it.each<[string, () => Promise<FilePart[]>, number, string]>([
    [
      'text behind a .jpg name',
      async () => [{ field: 'images[0]', data: Buffer.from('#!/bin/sh\nrm -rf /\n'), filename: 'cat.jpg', type: 'image/jpeg' }],
      400,
      'Picture 1: This file is not a picture. Send JPEG, PNG, WebP, GIF.',
    ],
    [
      'an SVG with a script',
      async () => [
        {
          field: 'images[0]',
          data: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script><rect width="40" height="40"/></svg>',
          ),
          filename: 'logo.png',
          type: 'image/png',
        },
      ],
      400,
      'Picture 1: Pictures must be JPEG, PNG, WebP, GIF; this file is SVG.',
    ],
    [
      'a file over 10 MB',
      async () => [{ field: 'images[0]', data: Buffer.concat([await picture('jpeg'), Buffer.alloc(10 * 1024 * 1024)]) }],
      413,
      'Each picture must be at most 10 MB.',
    ],
    [
      'more than 40 megapixels',
      async () => [{ field: 'images[0]', data: await picture('png', 6400, 6400), filename: 'huge.png' }],
      400,
      'Picture 1: The picture has more than 40 megapixels.',
    ],
    [
      'eleven pictures',
      async () =>
        Promise.all(Array.from({ length: 11 }, async (_, n) => ({ field: `images[${n}]`, data: await picture('png') }))),
      400,
      'A post can have at most 10 pictures.',
    ],
    [
      'a good picture next to a bad one',
      async () => [
        { field: 'images[0]', data: await picture('jpeg') },
        { field: 'images[1]', data: Buffer.from('GIF89a but not really') },
      ],
      400,
      'Picture 2: This file is not a picture. Send JPEG, PNG, WebP, GIF.',
    ],
    [
      'a file under another field',
      async () => [{ field: 'document', data: await picture('jpeg') }],
      400,
      'Unexpected file field "document".',
    ],
  ])('%s', async (_name, files, status, error) => {
    const before = await stored();
    const count = await postsCount();
    const response = await upload(await files());
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error });
    expect(await stored()).toEqual(before);
    expect(await postsCount()).toBe(count);
  });

  it('never uses the sent file names: path characters end up nowhere', async () => {
    const names = ['../../../escape.jpg', '..\\..\\windows.jpg', '/etc/passwd', 'a/b/c.png', 'x\u0000y.jpg'];
    const response = await upload(
      await Promise.all(names.map(async (filename, n) => ({ field: `images[${n}]`, data: await picture('png'), filename }))),
    );
    expect(response.statusCode).toBe(200);
    for (const attachment of response.json().attachments) {
      expect(attachment.image_url).toMatch(/\/static\/media\/social\/posts\/[0-9a-f-]{36}\.webp$/);
    }
    const files = await stored();
    expect(files.some((file) => /escape|windows|passwd|c\.png/.test(file))).toBe(false);
    await expect(fs.access(path.join(t.dataDir, 'escape.jpg'))).rejects.toThrow();
  });
});

describe('stored pictures', () => {
  it('are re-encoded to WebP without metadata, at most 2048 px, with a thumbnail', async () => {
    const original = await sharp(await picture('jpeg', 3000, 2000))
      .withMetadata({
        exif: {
          IFD0: { Artist: 'Hidden Artist', ImageDescription: 'my home address' },
          IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
        },
      })
      .jpeg()
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload([{ field: 'images[0]', data: original }]);
    expect(response.statusCode).toBe(200);
    const [attachment] = response.json().attachments;
    expect(attachment).toMatchObject({ width: 2048, height: 1365 });
    for (const [url, width] of [
      [attachment.image_url, 2048],
      [attachment.thumbnail_url, 480],
    ] as const) {
      const file = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('Hidden Artist'))).toBe(false);
      expect(file.rawPayload.includes(Buffer.from('home address'))).toBe(false);
    }
  });

  it('takes JPEG, PNG, WebP and GIF alike, up to ten per post', async () => {
    const formats = ['jpeg', 'png', 'webp', 'gif', 'jpeg', 'png', 'webp', 'gif', 'jpeg', 'png'] as const;
    const files = await Promise.all(
      formats.map(async (format, n) => ({ field: `images[${n}]`, data: await picture(format, 40 + n, 30) })),
    );
    const response = await upload(files, '');
    expect(response.statusCode).toBe(200);
    expect(response.json().attachments.map((attachment: { width: number }) => attachment.width)).toEqual(
      formats.map((_, n) => 40 + n),
    );
  });
});
