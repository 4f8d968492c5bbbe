import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPreferences } from '~/shared/preferences';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { en, insertTitle, IRANIAN } from './playback-fixtures';

/** Issue 29: each profile keeps its audio and subtitle preferences; the player starts with them. */
describe(`profile preferences on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let token: string;
  let mainId: number;
  let memberId: number;
  let titleId: number;

  beforeAll(async () => {
    app = await startAccountsApp();
    const account = await app.signUp('09124448801', { name: 'مریم' });
    token = account.token;
    mainId = account.me.profile?.id ?? 0;
    const member = new FormData();
    member.set('name', 'علی');
    const added = await app.as(token, '/me/profiles', { method: 'POST', body: member });
    memberId = (await added.json()).profiles.find((p: { is_main: boolean }) => !p.is_main).id;
    titleId = await insertTitle(app, { isFree: true, asset: 'testcard' });
  });
  afterAll(() => app.close());

  const profiles = async () =>
    (await (await app.as(token, '/me/profiles')).json()).profiles as {
      id: number;
      preferences: typeof defaultPreferences;
    }[];
  const preferencesOf = async (id: number) => (await profiles()).find((p) => p.id === id)?.preferences;
  const playInfo = async () =>
    (await app.as(token, `/play-info/${titleId}`, { clientAddress: IRANIAN })).json();

  it('starts every profile with the defaults, and play-info carries them', async () => {
    expect(await preferencesOf(mainId)).toEqual(defaultPreferences);
    expect(await preferencesOf(memberId)).toEqual(defaultPreferences);
    expect((await playInfo()).preferences).toEqual(defaultPreferences);
    // Without a profile (no login) the player keeps its own defaults.
    const anonymous = await app.request(`/play-info/${titleId}`, { clientAddress: IRANIAN });
    expect((await anonymous.json()).preferences).toBeNull();
  });

  it("saves what the player's viewer chose for the profile on this device only", async () => {
    const res = await app.as(token, '/me/preferences', {
      json: { audio_language: 'fa', subtitle_language: 'off', subtitle_color: 'yellow' },
    });
    expect(res.status).toBe(200);
    const saved = {
      ...defaultPreferences,
      audio_language: 'fa',
      subtitle_language: 'off',
      subtitle_color: 'yellow',
    };
    expect((await res.json()).profile).toMatchObject({ id: mainId, preferences: saved });
    // A second change keeps the first one's fields.
    const style = await app.as(token, '/me/preferences', {
      json: { subtitle_size: 'large', subtitle_box: false },
    });
    const styled = { ...saved, subtitle_size: 'large', subtitle_box: false };
    expect((await style.json()).profile.preferences).toEqual(styled);
    expect(await preferencesOf(mainId)).toEqual(styled);
    expect(await preferencesOf(memberId)).toEqual(defaultPreferences);
    expect((await playInfo()).preferences).toEqual(styled);
    const me = await (await app.as(token, '/me')).json();
    expect(me.me.profile.preferences).toEqual(styled);
  });

  it("sets another profile's preferences from the profile form (multipart)", async () => {
    const body = new FormData();
    body.set('audio_language', 'en');
    body.set('audio_description', 'true');
    body.set('subtitle_language', 'en');
    body.set('subtitle_size', 'small');
    body.set('subtitle_box', 'true');
    body.set('subtitle_color', 'cyan');
    // Empty fields are "not given", as in the rest of the form.
    body.set('avatar_id', '');
    const res = await app.as(token, `/me/profiles/${memberId}`, { method: 'POST', body });
    expect(res.status).toBe(200);
    expect(await preferencesOf(memberId)).toEqual({
      audio_language: 'en',
      audio_description: true,
      subtitle_language: 'en',
      subtitle_size: 'small',
      subtitle_box: true,
      subtitle_color: 'cyan',
    });
    expect((await preferencesOf(mainId))?.audio_language).toBe('fa');

    // Once the member watches on this device, the player starts with the member's choices.
    const selected = await app.as(token, `/auth/select-profile/${memberId}`, { method: 'POST' });
    expect(selected.status).toBe(200);
    expect((await playInfo()).preferences).toMatchObject({ audio_language: 'en', subtitle_color: 'cyan' });
  });

  it('refuses values it does not know with a 422 naming each field, in both languages', async () => {
    const before = await preferencesOf(memberId);
    const wrong = {
      audio_language: 'Persian',
      subtitle_language: 'de',
      subtitle_size: 'huge',
      subtitle_box: 'maybe',
      subtitle_color: '#ff0000',
    };
    const res = await app.as(token, '/me/preferences', { json: wrong, headers: en });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      audio_language: ['The format of this field is not valid.'],
      subtitle_language: ['Choose one of the allowed options.'],
      subtitle_size: ['Choose one of the allowed options.'],
      subtitle_box: ['The value of this field is not valid.'],
      subtitle_color: ['Choose one of the allowed options.'],
    });
    const fa = await app.as(token, '/me/preferences', { json: { subtitle_size: 'huge' } });
    expect(fa.status).toBe(422);
    expect((await fa.json()).errors).toEqual({ subtitle_size: ['یکی از گزینه‌های مجاز را انتخاب کنید'] });

    const form = new FormData();
    form.set('subtitle_color', 'red');
    const multipart = await app.as(token, `/me/profiles/${memberId}`, {
      method: 'POST',
      body: form,
      headers: en,
    });
    expect(multipart.status).toBe(422);
    expect((await multipart.json()).errors).toEqual({
      subtitle_color: ['Choose one of the allowed options.'],
    });
    expect(await preferencesOf(memberId)).toEqual(before);
  });

  it('lists the audio tracks of a dubbed package in playlist order, none for one with its sound inside', async () => {
    const dubbed = await insertTitle(app, { isFree: true, asset: 'dubbed' });
    const info = await (await app.as(token, `/play-info/${dubbed}`, { clientAddress: IRANIAN })).json();
    expect(info.stream.audio).toEqual([
      { lang: 'en', kind: 'original', default: true },
      { lang: 'fa', kind: 'dub', default: false },
    ]);
    expect((await playInfo()).stream.audio).toEqual([]);
  });

  it("does not reach another account's profile", async () => {
    const other = await app.signUp('09124448802');
    const body = new FormData();
    body.set('subtitle_color', 'yellow');
    const res = await app.as(other.token, `/me/profiles/${memberId}`, { method: 'POST', body });
    expect(res.status).toBe(404);
    expect((await preferencesOf(memberId))?.subtitle_color).toBe('cyan');
  });
});
