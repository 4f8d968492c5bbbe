import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, products, watchPositions } from '~/server/db/schema';
import { defaultPreferences } from '~/shared/preferences';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';

interface ProfileBody {
  id: number;
  name: string;
  avatar_url: string;
  is_main: boolean;
}

function form(fields: Record<string, string | Blob>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();

describe(`profiles on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  let mainId: number;
  let members: ProfileBody[] = [];
  let filmId = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    const account = await app.signUp('09124440001', { name: 'مریم' });
    token = account.token;
    mainId = account.me.profile?.id ?? 0;
  });
  afterAll(() => app.close());

  const send = (path: string, method: string, body?: FormData, language = 'fa') =>
    app.as(token, path, { method, ...(body ? { body } : {}), headers: { 'accept-language-site': language } });

  it('lists the main profile, named after the account', async () => {
    const res = await send('/me/profiles', 'GET');
    expect(await res.json()).toEqual({
      profiles: [
        {
          id: mainId,
          name: 'مریم',
          avatar_url: '/api/v1/core/default-avatars/1.svg',
          is_main: true,
          autoplay_next: true,
          preferences: defaultPreferences,
        },
      ],
    });
  });

  it('adds two members, and refuses a fourth profile', async () => {
    const first = await send('/me/profiles', 'POST', form({ name: 'علی', avatar_id: '4' }));
    expect(first.status).toBe(200);
    const second = await send('/me/profiles', 'POST', form({ name: 'نیما' }));
    const { profiles } = await second.json();
    expect(profiles.map((p: ProfileBody) => [p.name, p.avatar_url, p.is_main])).toEqual([
      ['مریم', '/api/v1/core/default-avatars/1.svg', true],
      ['علی', '/api/v1/core/default-avatars/4.svg', false],
      ['نیما', '/api/v1/core/default-avatars/1.svg', false],
    ]);
    members = profiles.filter((p: ProfileBody) => !p.is_main);

    const fourth = await send('/me/profiles', 'POST', form({ name: 'سحر' }), 'en');
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toEqual({ message: 'You can add at most two profiles besides your own.' });
    const fa = await send('/me/profiles', 'POST', form({ name: 'سحر' }));
    expect((await fa.json()).message).toBe('جز پروفایل خودتان حداکثر ۲ پروفایل دیگر می‌توانید بسازید');
  });

  it('refuses a missing name and an unknown default avatar', async () => {
    const res = await send('/me/profiles', 'POST', form({ avatar_id: '2' }), 'en');
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ name: ['Entering this field is required.'] });
    const member = members[0];
    const avatar = await send(`/me/profiles/${member?.id}`, 'POST', form({ avatar_id: '999' }), 'en');
    expect(avatar.status).toBe(422);
    expect((await avatar.json()).errors).toEqual({ avatar_id: ['Avatar not found.'] });
  });

  it('takes an uploaded PNG, re-encodes it to a 256×256 WebP and serves it with a long cache', async () => {
    const member = members[0];
    const png = await pngOf(640, 480);
    const res = await send(
      `/me/profiles/${member?.id}`,
      'POST',
      form({ name: 'علی‌رضا', avatar: new File([new Uint8Array(png)], 'me.png', { type: 'image/png' }) }),
    );
    expect(res.status).toBe(200);
    const updated = (await res.json()).profiles.find((p: ProfileBody) => p.id === member?.id);
    expect(updated.name).toBe('علی‌رضا');
    expect(updated.avatar_url).toMatch(/^\/api\/v1\/media\/avatars\/[a-f0-9]{32}\.webp$/);

    const image = await app.request(updated.avatar_url.replace('/api/v1', ''));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('max-age=31536000');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });

    // Back to a default avatar: the upload is deleted.
    await send(`/me/profiles/${member?.id}`, 'POST', form({ avatar_id: '2' }));
    expect((await app.request(updated.avatar_url.replace('/api/v1', ''))).status).toBe(404);
  });

  it('refuses uploads that are not images (whatever they are called) or too large', async () => {
    const member = members[0];
    const fake = new File([new TextEncoder().encode('<svg onload="alert(1)"></svg>')], 'cat.png', {
      type: 'image/png',
    });
    const res = await send(`/me/profiles/${member?.id}`, 'POST', form({ avatar: fake }), 'en');
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      avatar: ['The picture must be a JPEG, PNG, WebP or GIF image.'],
    });

    const svg = new File(
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
      'a.svg',
    );
    expect((await send(`/me/profiles/${member?.id}`, 'POST', form({ avatar: svg }))).status).toBe(422);

    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    const large = await send(`/me/profiles/${member?.id}`, 'POST', form({ avatar: big }), 'en');
    expect(large.status).toBe(422);
    expect((await large.json()).errors).toEqual({ avatar: ['The picture can be at most 2 MB.'] });
  });

  it('validates media names strictly', async () => {
    expect((await app.request('/media/avatars/..%2F..%2Fetc%2Fpasswd')).status).toBe(422);
    expect((await app.request(`/media/avatars/${'0'.repeat(32)}.webp`)).status).toBe(404);
  });

  it('answers 404 for another user’s profile, whatever the verb', async () => {
    const stranger = await app.signUp('09124440002');
    const theirs = stranger.me.profile?.id;
    expect((await send(`/me/profiles/${theirs}`, 'POST', form({ name: 'x' }))).status).toBe(404);
    expect((await send(`/me/profiles/${theirs}`, 'DELETE')).status).toBe(404);
    const own = await app.as(stranger.token, '/me/profiles');
    expect((await own.json()).profiles[0].name).toBe('سارا');
  });

  it('keeps the main profile', async () => {
    const res = await send(`/me/profiles/${mainId}`, 'DELETE', undefined, 'en');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'The main profile cannot be deleted.' });
  });

  it('deleting a profile deletes its favorites and watch positions, not the others’', async () => {
    const [gone, kept] = members;
    const { db } = app.ctx.database;
    const [film] = await db
      .insert(products)
      .values({
        slug: 'the-salesman',
        kind: 'film',
        titleFa: 'فروشنده',
        titleEn: 'The Salesman',
        synopsisFa: 'زن و شوهری بازیگر در تهران.',
        synopsisEn: 'An actor couple in Tehran.',
        category: 'feature',
        artwork: 'the-salesman',
      })
      .returning({ id: products.id });
    filmId = film?.id ?? 0;
    for (const profileId of [gone?.id ?? 0, kept?.id ?? 0]) {
      await db.insert(favorites).values({ profileId, productId: filmId });
      await db
        .insert(watchPositions)
        .values({ profileId, productId: filmId, positionSeconds: 300, durationSeconds: 5400 });
    }
    const res = await send(`/me/profiles/${gone?.id}`, 'DELETE');
    expect(res.status).toBe(200);
    expect((await res.json()).profiles.map((p: ProfileBody) => p.id)).toEqual([mainId, kept?.id]);
    expect(
      await db
        .select()
        .from(favorites)
        .where(eq(favorites.profileId, gone?.id ?? 0)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(watchPositions)
        .where(eq(watchPositions.profileId, gone?.id ?? 0)),
    ).toEqual([]);
    expect(
      await db
        .select()
        .from(favorites)
        .where(eq(favorites.profileId, kept?.id ?? 0)),
    ).toHaveLength(1);
    // The freed place can be used again.
    expect((await send('/me/profiles', 'POST', form({ name: 'سحر' }))).status).toBe(200);
  });

  it('shows the selected profile’s favorites on /me', async () => {
    const kept = members[1];
    await app.as(token, `/auth/select-profile/${kept?.id}`, { method: 'POST' });
    const { me } = await (await app.as(token, '/me')).json();
    expect(me).toMatchObject({ profile: { id: kept?.id }, favorites: [filmId], profiles_count: 3 });
  });

  it('needs a login', async () => {
    expect((await app.request('/me/profiles')).status).toBe(401);
    expect((await app.request('/me/profiles', { method: 'POST', body: form({ name: 'x' }) })).status).toBe(
      401,
    );
  });
});
