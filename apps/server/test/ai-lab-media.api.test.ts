import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiLabAttachments, aiLabMedia } from '../src/db/schema/index.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { uploadDocument } from './support/ai-lab.js';
import { multipartBody, type FormFile } from './support/multipart.js';
import { createTestApp, json, type TestApp } from './support/test-app.js';

let t: TestApp;
let alice: string;
let bruno: string;

beforeAll(async () => {
  t = await createTestApp({ AI_RATE_LIMIT: '1000/1m', AI_MEDIA_TTL: '1h' });
  alice = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
  bruno = (await socialLogin(t.app, (await registerActivated(t.app, t.mail)).person)).access;
}, 120_000);
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as Record<string, unknown>, headers });
const mediaFile = (url: string) => path.join(t.dataDir, 'media', new URL(url).pathname.replace('/static/media/', ''));
const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );
/** Every file under media/ and every row of ai_lab_media, to show a refusal stored nothing. */
async function storedMedia() {
  const files = await fs.readdir(path.join(t.dataDir, 'media'), { recursive: true }).catch(() => [] as string[]);
  const rows = await t.database.db.select({ key: aiLabMedia.key }).from(aiLabMedia).orderBy(aiLabMedia.key);
  return { files: [...files].sort(), keys: rows.map((row) => row.key) };
}
const picture = (format: 'jpeg' | 'png' | 'webp' | 'gif', width = 300, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#e0a030' } })
    .toFormat(format)
    .toBuffer();

function upload(files: FormFile[], headers: Record<string, string> = {}, fields: Record<string, string> = {}) {
  const body = multipartBody(files, fields);
  return t.app.inject({
    method: 'POST',
    url: '/ai-lab/upload-vision-images/',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}
const file = (data: Buffer, filename = 'photo.png', field = 'images[]'): FormFile => ({
  field,
  filename,
  contentType: 'image/png',
  data,
});

describe('the image generator', () => {
  it('draws the prompt, stores it as generated_images/<name>_<random id>.png and answers its absolute URL', async () => {
    const first = await post('/ai-lab/image-generator/', { question: 'A red circle on Blue!' });
    expect(first.statusCode, first.body).toBe(200);
    const named = /^http:\/\/portal\.test\/static\/media\/generated_images\/a_red_circle_on_blue_[A-Za-z0-9_-]{22}\.png$/;
    expect(json(first).message).toMatch(named);
    const second = await post('/ai-lab/image-generator/', { question: '  a red   circle on BLUE! ' });
    expect(json(second).message).toMatch(named);
    // Finding 8: the same prompt never gives a name that can be guessed from the first one.
    expect(json(second).message).not.toBe(json(first).message);
    const png = await fs.readFile(mediaFile(json(first).message as string));
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1024 });
    // The same prompt draws the same picture.
    expect(png.equals(await fs.readFile(mediaFile(json(second).message as string)))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: new URL(json(first).message as string).pathname });
    expect(served.statusCode).toBe(200);
    for (const guess of ['a_red_circle_on_blue_v1.png', 'a_red_circle_on_blue_v2.png', 'a_red_circle_on_blue.png']) {
      const guessed = await t.app.inject({ method: 'GET', url: `/static/media/generated_images/${guess}` });
      expect(guessed.statusCode, guess).toBe(404);
    }
  });

  it('downloads a generated picture as an attachment', async () => {
    const made = json(await post('/ai-lab/image-generator/', { question: 'three yellow stars' })).message as string;
    const name = decodeURIComponent(made.split('/').at(-1)!);
    const response = await post('/ai-lab/download-image/', { filename: name });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
    expect(response.rawPayload.equals(await fs.readFile(mediaFile(made)))).toBe(true);
  });

  it('downloads a signed-in person’s picture only for them (finding 8); an anonymous one for whoever has its name', async () => {
    const made = json(await post('/ai-lab/image-generator/', { question: 'a private sketch' }, bearer(alice))).message as string;
    const filename = decodeURIComponent(made.split('/').at(-1)!);
    for (const headers of [{}, bearer(bruno)]) {
      const refused = await post('/ai-lab/download-image/', { filename }, headers);
      expect(refused.statusCode).toBe(404);
      expect(json(refused).message).toBe('File not found.');
    }
    const own = await post('/ai-lab/download-image/', { filename }, bearer(alice));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(await fs.readFile(mediaFile(made)))).toBe(true);

    const open = json(await post('/ai-lab/image-generator/', { question: 'a public sketch' })).message as string;
    const openName = decodeURIComponent(open.split('/').at(-1)!);
    expect((await post('/ai-lab/download-image/', { filename: openName }, bearer(bruno))).statusCode).toBe(200);
  });

  it.each([
    [{}, 400, 'Filename is required.'],
    [{ filename: '' }, 400, 'Filename is required.'],
    [{ filename: 7 }, 400, 'The filename must be text.'],
    [{ filename: '../../db/PG_VERSION' }, 400, 'Invalid filename.'],
    [{ filename: 'generated_images/three_yellow_stars_v1.png' }, 400, 'Invalid filename.'],
    [{ filename: '..%2f..%2fetc%2fpasswd' }, 400, 'Invalid filename.'],
    [{ filename: '/etc/passwd' }, 400, 'Invalid filename.'],
    [{ filename: 'C:\\windows\\win.ini' }, 400, 'Invalid filename.'],
    [{ filename: 'x.png\u0000.txt' }, 400, 'Null characters are not allowed.'],
    [{ filename: 'never_made_v1.png' }, 404, 'File not found.'],
  ])('refuses to download %j', async (payload, status, message) => {
    const response = await post('/ai-lab/download-image/', payload);
    expect(response.statusCode).toBe(status);
    expect(json(response).message).toBe(message);
  });

  it('serves only files this lab generated, not other media or uploads', async () => {
    const uploaded = json(await upload([file(await picture('png'))])).uploaded_images as string[];
    const name = uploaded[0]!.split('/').at(-1)!;
    expect((await post('/ai-lab/download-image/', { filename: name })).statusCode).toBe(404);
    await fs.mkdir(path.join(t.dataDir, 'media', 'generated_images'), { recursive: true });
    await fs.writeFile(path.join(t.dataDir, 'media', 'generated_images', 'planted_v1.png'), 'not ours');
    expect((await post('/ai-lab/download-image/', { filename: 'planted_v1.png' })).statusCode).toBe(404);
  });

  it.each([
    [{}, 'Prompt is required.'],
    [{ question: '' }, 'Prompt is required.'],
    [{ question: ['a cat'] }, 'The prompt must be text.'],
    [{ question: 'y'.repeat(501) }, 'The prompt is too long: at most 500 characters.'],
  ])('refuses the prompt %j for pictures and voices, storing nothing', async (payload, message) => {
    const before = await storedMedia();
    for (const url of ['/ai-lab/image-generator/', '/ai-lab/voice-generator/']) {
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(json(response).message).toBe(message);
    }
    expect(await storedMedia()).toEqual(before);
  });
});

describe('the voice generator', () => {
  it('refuses text with nothing to say (only markup or control characters) with a message, storing nothing', async () => {
    const before = await storedMedia();
    const response = await post('/ai-lab/voice-generator/', { question: '<> \u0007 <>' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual({ message: 'There is nothing to say in this text.' });
    expect(await storedMedia()).toEqual(before);
  });

  it('speaks the prompt with espeak-ng and answers the URL of a WAV file', async () => {
    const response = await post('/ai-lab/voice-generator/', { question: 'Hello, I am the voice of the AI lab.' });
    expect(response.statusCode, response.body).toBe(200);
    const url = json(response).message as string;
    expect(url).toMatch(
      /^http:\/\/portal\.test\/static\/media\/generated_voices\/hello_i_am_the_voice_of_t_[A-Za-z0-9_-]{22}\.wav$/,
    );
    const wav = await fs.readFile(mediaFile(url));
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.length).toBeGreaterThan(44_100);
  });
});

describe('vision uploads', () => {
  it('stores JPEG, PNG and WebP re-encoded as WebP under unguessable names', async () => {
    const response = await upload([
      file(await picture('jpeg'), 'Beach Day.JPG'),
      file(await picture('png')),
      file(await picture('webp'), ''),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const urls = json(response).uploaded_images as string[];
    expect(urls).toHaveLength(3);
    expect(urls[0]).toMatch(/^http:\/\/portal\.test\/static\/media\/vision_images\/beach-day-[0-9a-f]{32}\.webp$/);
    expect(urls[2]).toMatch(/\/vision_images\/picture-[0-9a-f]{32}\.webp$/);
    for (const url of urls) expect((await sharp(await fs.readFile(mediaFile(url))).metadata()).format).toBe('webp');
  });

  it('recognises pictures by content, whatever their name or declared type', async () => {
    const fake = await upload([
      { field: 'images[]', filename: 'cat.png', contentType: 'image/png', data: Buffer.from('<?php echo 1; ?>') },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(json(fake).message).toBe('cat.png: This file is not a picture. Send JPEG, PNG, WebP.');
    const gif = await upload([file(await picture('gif'), 'anim.gif')]);
    expect(gif.statusCode).toBe(400);
    expect(json(gif).message).toBe('anim.gif: Pictures must be JPEG, PNG, WebP; this file is GIF.');
    const renamed = await upload([
      { field: 'images[]', filename: 'notes.txt', contentType: 'text/plain', data: await picture('png') },
    ]);
    expect(renamed.statusCode).toBe(200);
  });

  it('stores nothing when one of several files is bad', async () => {
    const before = await fs.readdir(path.join(t.dataDir, 'media', 'vision_images'));
    const response = await upload([file(await picture('png')), file(Buffer.from('nope'), 'bad.png')]);
    expect(response.statusCode).toBe(400);
    expect(await fs.readdir(path.join(t.dataDir, 'media', 'vision_images'))).toEqual(before);
  });

  it('refuses empty requests, other fields, too many files and files over 20 MB', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/ai-lab/upload-vision-images/', payload: { images: [] } });
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toMatch(/^No images provided\./);
    const otherField = await upload([file(await picture('png'), 'a.png', 'photo')]);
    expect(otherField.statusCode).toBe(400);
    expect(json(otherField).message).toBe('No images provided.');
    const many = await upload(await Promise.all([1, 2, 3, 4, 5].map(async () => file(await picture('png')))));
    expect(many.statusCode).toBe(400);
    expect(json(many).message).toBe('At most 4 pictures at a time.');
    const huge = await upload([file(Buffer.alloc(20 * 1024 * 1024 + 10, 1), 'huge.png')]);
    expect(huge.statusCode).toBe(413);
    expect(json(huge).message).toBe('A picture is larger than 20 MB.');
    const before = await storedMedia();
    const fields = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`note${i}`, 'x']));
    const crowded = await upload([file(await picture('png'))], {}, fields);
    expect(crowded.statusCode).toBe(400);
    expect(json(crowded).message).toBe('The form has too many parts.');
    expect(await storedMedia()).toEqual(before);
  });

  it('lets only the uploader delete a logged-in upload; anonymous ones by their name', async () => {
    const url = (json(await upload([file(await picture('png'))], bearer(alice))).uploaded_images as string[])[0]!;
    const filename = url.split('/').at(-1)!;
    const remove = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'DELETE', url: '/ai-lab/delete-vision-image/', payload: { filename }, headers });
    for (const headers of [{}, bearer(bruno)]) {
      const refused = await remove(headers);
      expect(refused.statusCode).toBe(404);
      expect(json(refused).message).toBe('File not found.');
      expect(await exists(mediaFile(url))).toBe(true);
    }
    const done = await remove(bearer(alice));
    expect(done.statusCode).toBe(200);
    expect(json(done)).toEqual({ message: `File '${filename}' deleted successfully.` });
    expect(await exists(mediaFile(url))).toBe(false);
    expect((await remove(bearer(alice))).statusCode).toBe(404);

    const anonymous = (json(await upload([file(await picture('png'))])).uploaded_images as string[])[0]!;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/ai-lab/delete-vision-image/',
      payload: { filename: anonymous.split('/').at(-1)! },
    });
    expect(gone.statusCode).toBe(200);
  });

  it.each([
    [{}, 400, 'Filename is required.'],
    [{ filename: ['a.webp'] }, 400, 'The filename must be text.'],
    [{ filename: '../generated_images/x_v1.png' }, 400, 'Invalid filename.'],
    [{ filename: 'vision_images/x.webp' }, 400, 'Invalid filename.'],
    [{ filename: '..' }, 400, 'Invalid filename.'],
    [{ filename: 'three_yellow_stars_v1.png' }, 404, 'File not found.'],
  ])('refuses to delete %j', async (payload, status, message) => {
    const response = await t.app.inject({ method: 'DELETE', url: '/ai-lab/delete-vision-image/', payload });
    expect(response.statusCode).toBe(status);
    expect(json(response).message).toBe(message);
  });
});

describe('the purge of generated media', () => {
  it('deletes files older than AI_MEDIA_TTL, keeping newer ones', async () => {
    const old = json(await post('/ai-lab/image-generator/', { question: 'an old tree' })).message as string;
    const fresh = json(await post('/ai-lab/image-generator/', { question: 'a fresh tree' })).message as string;
    await t.database.db.execute(
      sql`update ai_lab_media set created_at = now() - interval '2 hours' where key like '%an_old_tree%'`,
    );
    expect(await t.app.scheduler.runNow('ai-lab-media-purge')).toBe(true);
    expect(await exists(mediaFile(old))).toBe(false);
    expect(await exists(mediaFile(fresh))).toBe(true);
    expect((await post('/ai-lab/download-image/', { filename: old.split('/').at(-1)! })).statusCode).toBe(404);
  });

  it('deletes documents attached to questions (their text) after AI_MEDIA_TTL too', async () => {
    const upload = async (text: string) =>
      (json(await uploadDocument(t.app, { name: 'notes.txt', data: Buffer.from(text) }, bearer(alice))) as { id: string }).id;
    const old = await upload('An old note.');
    const fresh = await upload('A fresh note.');
    await t.database.db
      .update(aiLabAttachments)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(aiLabAttachments.id, old));
    expect(await t.app.scheduler.runNow('ai-lab-media-purge')).toBe(true);
    const left = await t.database.db.select({ id: aiLabAttachments.id }).from(aiLabAttachments);
    expect(left.map((row) => row.id)).toContain(fresh);
    expect(left.map((row) => row.id)).not.toContain(old);
    const gone = await post('/ai-lab/', { question: 'Read it', attachment_ids: [old] }, bearer(alice));
    expect(gone.statusCode).toBe(400);
  });
});
