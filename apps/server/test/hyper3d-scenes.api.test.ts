import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hyper3dScene, Hyper3dSceneList } from '@portal/contracts';
import { accounts, hyper3dSceneFiles, hyper3dScenes } from '../src/db/schema/index.js';
import { bearer, registerActivated, socialLogin } from './support/accounts.js';
import { createScene, saveBody, sceneWith, type SceneFile } from './support/hyper3d.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { jsonIn, readZip } from './support/zip.js';

const LIMIT = 64 * 1024;
let t: TestApp;
let alice: Record<string, string>;
let bruno: Record<string, string>;
let staff: Record<string, string>;

async function person() {
  const { person: who } = await registerActivated(t.app, t.mail);
  const { access } = await socialLogin(t.app, who);
  return { headers: bearer(access), id: Number(decodeJwt(access).user_id), password: who.password };
}

beforeAll(async () => {
  t = await createTestApp({ HYPER3D_SCENE_LIMIT: '64kb' });
  const [a, b, s] = await Promise.all([person(), person(), person()]);
  alice = a.headers;
  bruno = b.headers;
  staff = s.headers;
  await t.database.db.update(accounts).set({ role: 'owner' }).where(eq(accounts.id, s.id));
}, 120_000);
afterAll(() => t.close());

const file = (name: string, bytes: number): SceneFile => ({ id: randomBytes(6).toString('hex'), name, data: randomBytes(bytes) });
const call = (method: 'GET' | 'DELETE' | 'POST', url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers });
const put = (id: string, headers: Record<string, string>, name: string, scene: unknown, files: SceneFile[] = []) => {
  const body = saveBody(name, scene, files);
  return t.app.inject({
    method: 'PUT',
    url: `/api/hyper3d/scenes/${id}/`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
async function created(name: string, files: SceneFile[] = [], headers = alice): Promise<Hyper3dScene> {
  const response = await createScene(t.app, headers, name, sceneWith(files), files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Hyper3dScene>();
}
/** Every stored scene file on disk. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.dataDir, 'media', 'hyper3d');
  return (await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
async function fingerprint() {
  const scenes = await t.database.db.select().from(hyper3dScenes);
  const files = await t.database.db.select().from(hyper3dSceneFiles);
  return JSON.stringify({ scenes, files, stored: (await storedFiles()).sort() });
}

describe('Hyper 3D scenes in the account', () => {
  it('saves a scene with its model, lists it, answers it and its file to the owner, and saves a new version', async () => {
    const model = file('robot.glb', 3000);
    const texture = file('wood grain.png', 500);
    const scene = await created('My first scene', [model, texture]);
    expect(scene).toMatchObject({ name: 'My first scene', nodes: 4, shared: false, share_url: null });
    expect(scene.size).toBe(Buffer.byteLength(JSON.stringify(sceneWith([model, texture]))) + 3500);
    expect(scene.scene.nodes.map((node) => node.name)).toEqual(['Group', 'Cube', 'robot.glb', 'wood grain.png']);

    const list = (await call('GET', '/api/hyper3d/scenes/', alice)).json<Hyper3dSceneList>();
    expect(list.results.map((row) => row.id)).toContain(scene.id);
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/`, alice)).json()).toEqual(scene);
    const bytes = await call('GET', `/api/hyper3d/scenes/${scene.id}/files/${model.id}/`, alice);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(model.data)).toBe(true);
    expect(bytes.headers['content-type']).toBe('application/octet-stream');
    expect(bytes.headers['content-disposition']).toBe("attachment; filename*=UTF-8''robot.glb");
    expect(await storedFiles()).toHaveLength(2);

    // A new version keeps the model without sending it again, drops the texture and adds another.
    const other = file('stone.png', 200);
    const next = sceneWith([model, other], 'Renamed cube');
    const saved = await put(scene.id, alice, 'Second version', next, [other]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Hyper3dScene>()).toMatchObject({ id: scene.id, name: 'Second version', nodes: 4 });
    expect(saved.json<Hyper3dScene>().scene.nodes[1]!.name).toBe('Renamed cube');
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/files/${model.id}/`, alice)).rawPayload.equals(model.data)).toBe(
      true,
    );
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/files/${texture.id}/`, alice)).statusCode).toBe(404);
    expect(await storedFiles()).toHaveLength(2);

    expect((await call('DELETE', `/api/hyper3d/scenes/${scene.id}/`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/`, alice)).statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
  });

  it("answers another person's scene as missing to anyone else, staff included, and changes nothing for them", async () => {
    const model = file('secret.glb', 100);
    const scene = await created('Alice only', [model]);
    const before = await fingerprint();
    for (const headers of [bruno, staff]) {
      for (const [method, url] of [
        ['GET', `/api/hyper3d/scenes/${scene.id}/`],
        ['GET', `/api/hyper3d/scenes/${scene.id}/files/${model.id}/`],
        ['DELETE', `/api/hyper3d/scenes/${scene.id}/`],
        ['POST', `/api/hyper3d/scenes/${scene.id}/share/`],
        ['DELETE', `/api/hyper3d/scenes/${scene.id}/share/`],
      ] as const) {
        const response = await call(method, url, headers);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toEqual({ detail: 'Scene not found.' });
      }
      const overwrite = await put(scene.id, headers, 'Mine now', sceneWith([]));
      expect(overwrite.statusCode).toBe(404);
      const list = (await call('GET', '/api/hyper3d/scenes/', headers)).json<Hyper3dSceneList>();
      expect(list.results.map((row) => row.id)).not.toContain(scene.id);
    }
    for (const [method, url] of [
      ['GET', '/api/hyper3d/scenes/'],
      ['GET', `/api/hyper3d/scenes/${scene.id}/`],
      ['DELETE', `/api/hyper3d/scenes/${scene.id}/`],
    ] as const) {
      expect((await call(method, url)).statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await createScene(t.app, {}, 'Nobody', sceneWith([]))).statusCode).toBe(401);
    expect((await call('GET', `/api/hyper3d/scenes/${randomUUID()}/`, alice)).statusCode).toBe(404);
    expect((await call('GET', '/api/hyper3d/scenes/not-a-uuid/', alice)).statusCode).toBe(404);
    expect(await fingerprint()).toBe(before);
  });

  it(`refuses a scene over HYPER3D_SCENE_LIMIT (64 KB here) with 413, new or as a new version, and keeps nothing of it`, async () => {
    const kept = await created('Fits', [file('small.glb', 1000)]);
    const before = await fingerprint();
    const big = file('huge.glb', LIMIT + 1);
    const refused = await createScene(t.app, alice, 'Too big', sceneWith([big]), [big]);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({
      detail: 'The scene is larger than 64 KB with its models and textures: remove a model or a texture, or use smaller ones.',
    });
    // Two files that fit alone but not together.
    const halves = [file('a.glb', LIMIT / 2), file('b.glb', LIMIT / 2)];
    expect((await createScene(t.app, alice, 'Two halves', sceneWith(halves), halves)).statusCode).toBe(413);
    const grown = await put(kept.id, alice, 'Fits no more', sceneWith([big]), [big]);
    expect(grown.statusCode).toBe(413);
    expect(await fingerprint()).toBe(before);
    expect((await call('GET', `/api/hyper3d/scenes/${kept.id}/`, alice)).json<Hyper3dScene>().name).toBe('Fits');
  });

  it('refuses a save that is not a scene with a 400 saying why, and changes nothing', async () => {
    const model = file('m.glb', 100);
    const kept = await created('Kept', [model]);
    const before = await fingerprint();
    const refusals: [string, ReturnType<typeof saveBody>, unknown][] = [
      ['blank name', saveBody('  ', sceneWith([]), []), { name: ['The scene needs a name.'] }],
      ['not JSON', saveBody('x', '{nope', []), { scene: ['The scene is not valid JSON.'] }],
      [
        'a loop',
        saveBody('x', { ...sceneWith([]), nodes: [{ ...sceneWith([]).nodes[0]!, parent: 'g' }] }, []),
        { scene: ['"Group" hangs under itself.'] },
      ],
      [
        'a listed file not sent',
        saveBody('x', sceneWith([model]), []),
        { detail: 'The file "m.glb" was not sent with the scene.' },
      ],
      [
        'a file not listed',
        saveBody('x', sceneWith([]), [model]),
        { detail: expect.stringContaining('the scene does not list') },
      ],
      [
        'a size that lies',
        saveBody('x', sceneWith([{ ...model, data: Buffer.alloc(5) }]), [model]),
        { detail: '"m.glb" has 100 bytes, not the 5 the scene says.' },
      ],
      ['a NUL in the name', saveBody('a\u0000b', sceneWith([]), []), { detail: 'Null characters are not allowed.' }],
    ];
    for (const [what, body, answer] of refusals) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/hyper3d/scenes/',
        headers: { ...alice, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode, what).toBe(400);
      expect(response.json(), what).toEqual(answer);
    }
    const json = await t.app.inject({ method: 'POST', url: '/api/hyper3d/scenes/', headers: alice, payload: { name: 'x' } });
    expect(json.statusCode).toBe(400);
    const truncated = saveBody('x', sceneWith([model]), [model]);
    const broken = await t.app.inject({
      method: 'PUT',
      url: `/api/hyper3d/scenes/${kept.id}/`,
      headers: { ...alice, ...truncated.headers },
      payload: truncated.payload.subarray(0, truncated.payload.length - 60),
    });
    expect(broken.statusCode).toBe(400);
    expect(await fingerprint()).toBe(before);
  });

  it('shares a scene by an unguessable link anyone may open, the same link until revoked, 404 afterwards', async () => {
    const model = file('shared.glb', 300);
    const scene = await created('To show', [model]);
    const shared = await call('POST', `/api/hyper3d/scenes/${scene.id}/share/`, alice);
    expect(shared.statusCode).toBe(200);
    const { url } = shared.json<{ url: string }>();
    const token = /^http:\/\/portal\.test\/hyper3d\/shared\/([A-Za-z0-9_-]{32})$/.exec(url)?.[1];
    expect(token).toBeDefined();
    expect((await call('POST', `/api/hyper3d/scenes/${scene.id}/share/`, alice)).json()).toEqual({ url });
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/`, alice)).json()).toMatchObject({ shared: true, share_url: url });

    for (const headers of [{}, bruno]) {
      const open = await call('GET', `/api/hyper3d/shared/${token}/`, headers);
      expect(open.statusCode).toBe(200);
      expect(open.json()).toEqual({ name: 'To show', scene: scene.scene, updated_at: scene.updated_at });
      expect((await call('GET', `/api/hyper3d/shared/${token}/files/${model.id}/`, headers)).rawPayload.equals(model.data)).toBe(
        true,
      );
    }
    const otherToken = `${token!.slice(0, -1)}${token!.endsWith('x') ? 'y' : 'x'}`;
    expect((await call('GET', `/api/hyper3d/shared/${otherToken}/`)).statusCode).toBe(404);

    expect((await call('DELETE', `/api/hyper3d/scenes/${scene.id}/share/`, alice)).statusCode).toBe(204);
    expect((await call('GET', `/api/hyper3d/shared/${token}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/hyper3d/shared/${token}/files/${model.id}/`)).statusCode).toBe(404);
    expect((await call('GET', `/api/hyper3d/scenes/${scene.id}/`, alice)).json()).toMatchObject({
      shared: false,
      share_url: null,
    });
    const again = (await call('POST', `/api/hyper3d/scenes/${scene.id}/share/`, alice)).json<{ url: string }>();
    expect(again.url).not.toBe(url);
  });

  it('pages the list by a cursor, most recently saved first', async () => {
    const { headers } = await person();
    const names = ['one', 'two', 'three'];
    for (const name of names) await created(name, [], headers);
    const first = (await t.app.inject({ method: 'GET', url: '/api/hyper3d/scenes/?limit=2', headers })).json<Hyper3dSceneList>();
    expect(first.results.map((row) => row.name)).toEqual(['three', 'two']);
    expect(first.next_cursor).not.toBeNull();
    const url = `/api/hyper3d/scenes/?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`;
    const second = (await t.app.inject({ method: 'GET', url, headers })).json<Hyper3dSceneList>();
    expect(second).toMatchObject({ results: [{ name: 'one' }], next_cursor: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/hyper3d/scenes/?cursor=nope', headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/hyper3d/scenes/?limit=500', headers })).statusCode).toBe(400);
  });

  it('keeps at most 100 scenes per account: the next one is a 409', async () => {
    const { headers, id } = await person();
    await t.database.db.insert(hyper3dScenes).values(
      Array.from({ length: 100 }, (_, i) => ({
        id: randomUUID(),
        accountId: id,
        name: `scene ${i}`,
        document: sceneWith([]),
        nodeCount: 2,
        sizeBytes: 10,
      })),
    );
    const refused = await createScene(t.app, headers, 'one more', sceneWith([]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: 'You keep 100 scenes already: delete one to save another.' });
  });

  it("are in the member's export with their files, and go with the account when it is deleted (issue 26)", async () => {
    const leaving = await person();
    const model = file('teapot.glb', 2000);
    const scene = await created('Kept in my export', [model], leaving.headers);
    const exported = await t.app.inject({ method: 'GET', url: '/api/v1/account/export/', headers: leaving.headers });
    expect(exported.statusCode, exported.body).toBe(200);
    const archive = await readZip(exported.rawPayload);
    const listed = jsonIn<{ id: string; name: string; files: { name: string; file: string }[] }[]>(
      archive,
      'hyper3d/scenes.json',
    );
    expect(listed).toMatchObject([{ id: scene.id, name: 'Kept in my export', files: [{ name: 'teapot.glb' }] }]);
    expect(archive.get(`hyper3d/${listed[0]!.files[0]!.file}`)).toEqual(model.data);
    const others = await created('Not theirs');

    const before = (await storedFiles()).length;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/',
      headers: leaving.headers,
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.database.db.select().from(hyper3dScenes).where(eq(hyper3dScenes.accountId, leaving.id))).toEqual([]);
    expect(await t.database.db.select().from(hyper3dSceneFiles).where(eq(hyper3dSceneFiles.sceneId, scene.id))).toEqual([]);
    expect((await storedFiles()).length).toBe(before - 1);
    expect((await call('GET', `/api/hyper3d/scenes/${others.id}/`, alice)).statusCode).toBe(200);
  });
});
