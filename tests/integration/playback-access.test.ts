import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickets, titlePurchases } from '~/server/db/schema';
import { canFetchKey } from '~/server/playback';
import { writeGrant } from '~/server/staff/grants';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { grantStaffRoles } from './staff-fixtures';
import {
  AMERICAN,
  en,
  fa,
  GERMAN,
  insertFestival,
  insertSeries,
  insertTitle,
  IRANIAN,
} from './playback-fixtures';

const HOUR = 3600;

describe(`play access on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let viewer: { token: string; userId: number };
  let subscriber: { token: string; userId: number };
  const at = (hours: number) => new Date(app.clock.now().getTime() + hours * HOUR * 1000);
  const play = (
    path: string,
    init: { token?: string; address?: string; headers?: Record<string, string> } = {},
  ) =>
    app.request(path, {
      clientAddress: init.address ?? IRANIAN,
      headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    });
  const grant = (request: Parameters<typeof writeGrant>[1]) =>
    writeGrant(app.ctx.database.db, request, app.clock.now(), 'script');

  beforeAll(async () => {
    app = await startAccountsApp();
    const a = await app.signUp('09125550101');
    const b = await app.signUp('09125550102');
    viewer = { token: a.token, userId: a.me.id };
    subscriber = { token: b.token, userId: b.me.id };
    await grant({ type: 'subscription', user_name: '09125550102', plan: 'monthly', days: 30 });
  });
  afterAll(() => app.close());

  it('plays a free title for anyone with signed URLs, markers and fa subtitles on by default', async () => {
    const id = await insertTitle(app, { isFree: true, asset: 'testcard' });
    const res = await play(`/play-info/${id}`);
    expect(res.status).toBe(200);
    const info = await res.json();
    expect(info).toMatchObject({
      product: { id, kind: 'film', en_title: expect.any(String) },
      episode: null,
      duration: 60,
      resume_at: 0,
      watched: false,
      markers: { intro: { start: 0, end: 8 }, credits: 50 },
      next_episode: null,
      live: null,
      preview: false,
    });
    expect(info.stream.master).toMatch(/^\/api\/v1\/media\/hls\/.+\/master\.m3u8$/);
    expect(info.stream.subtitles).toEqual([
      expect.objectContaining({ lang: 'fa', label: 'فارسی', default: true }),
      expect.objectContaining({ lang: 'en', label: 'انگلیسی', default: false }),
    ]);
    expect(info.auth).toBeUndefined();
    expect(
      (await (await play(`/play-info/${id}`, { headers: en })).json()).stream.subtitles[1],
    ).toMatchObject({
      lang: 'en',
      label: 'English',
      default: true,
    });
  });

  it('asks anonymous viewers to log in and others to buy (402 plans), in fa and en', async () => {
    const id = await insertTitle(app, { asset: 'testcard' });
    const anonymous = await play(`/play-info/${id}`, { headers: fa });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'ابتدا وارد حساب کاربری خود شوید' });
    const refused = await play(`/play-info/${id}`, { token: viewer.token, headers: fa });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toEqual({
      message: 'برای تماشای این محتوا اشتراک تهیه کنید یا آن را بخرید',
      plans: true,
    });
    const english = await play(`/play-info/${id}`, { token: viewer.token, headers: en });
    expect((await english.json()).message).toBe('Get a subscription or buy this title to watch it.');
    expect((await play(`/play-info/${id}`, { token: subscriber.token })).status).toBe(200);
    expect((await play('/play-info/999999', { token: subscriber.token })).status).toBe(404);
  });

  it('asks for what opens the title: buy a purchase-only one, subscribe for a subscription-only one', async () => {
    const cases = [
      [
        { inSubscription: false, purchasable: true },
        'برای تماشای این محتوا آن را بخرید',
        'Buy this title to watch it.',
      ],
      [
        { inSubscription: true, purchasable: false },
        'برای تماشای این محتوا اشتراک تهیه کنید',
        'Get a subscription to watch this title.',
      ],
    ] as const;
    for (const [sales, persian, english] of cases) {
      const id = await insertTitle(app, { asset: 'testcard', sales });
      const refusedFa = await play(`/play-info/${id}`, { token: viewer.token, headers: fa });
      expect(refusedFa.status).toBe(402);
      expect(await refusedFa.json()).toEqual({ message: persian, plans: true });
      const refusedEn = await play(`/play-info/${id}`, { token: viewer.token, headers: en });
      expect((await refusedEn.json()).message).toBe(english);
    }
  });

  it('answers each refusal of the catalogue with its status and text', async () => {
    const usOnly = await insertTitle(app, { regions: ['US'], asset: 'testcard' });
    const later = await insertTitle(app, { availableFrom: at(24), asset: 'testcard' });
    const none = await insertTitle(app, {});
    const unsold = await insertTitle(app, {
      asset: 'testcard',
      sales: { inSubscription: false, purchasable: false },
    });
    const cases = [
      [usOnly, IRANIAN, 403, 'این محتوا در منطقه شما در دسترس نیست', 'Item not available in your region.'],
      [later, IRANIAN, 403, 'این محتوا در حال حاضر در دسترس نیست', 'Not available at this time.'],
      [unsold, IRANIAN, 403, 'طرحی برای خرید این فیلم در دسترس نیست', 'Plans not available for this movie.'],
    ] as const;
    for (const [id, address, status, faText, enText] of cases) {
      const inFa = await play(`/play-info/${id}`, { token: subscriber.token, address, headers: fa });
      expect(inFa.status, enText).toBe(status);
      expect((await inFa.json()).message).toBe(faText);
      const inEn = await play(`/play-info/${id}`, { token: subscriber.token, address, headers: en });
      expect((await inEn.json()).message).toBe(enText);
    }
    // Region by the address the server sees; the US-only title plays from the US.
    expect((await play(`/play-info/${usOnly}`, { token: subscriber.token, address: AMERICAN })).status).toBe(
      200,
    );
    const empty = await play(`/play-info/${none}`, { token: subscriber.token });
    expect(empty.status).toBe(204);
    expect(await empty.text()).toBe('');
  });

  it('opens a bought title for 8 hours from its first play, once, and the key follows the window', async () => {
    const id = await insertTitle(app, { asset: 'bars', sales: { inSubscription: false, purchasable: true } });
    expect((await play(`/play-info/${id}`, { token: subscriber.token })).status).toBe(402);
    await grant({ type: 'title', user_name: '09125550101', product_id: id });
    const [purchase] = await app.ctx.database.db
      .select()
      .from(titlePurchases)
      .where(eq(titlePurchases.productId, id));
    expect(purchase?.firstPlayedAt).toBeNull();
    const key = async () => {
      const [session] = await app.ctx.database.db.query.sessions.findMany({
        where: (s, { eq: is }) => is(s.userId, viewer.userId),
      });
      return canFetchKey(app.ctx, {
        productId: id,
        sessionId: session!.id,
        ticketSessionId: null,
        clientAddress: IRANIAN,
        now: app.clock.now(),
      });
    };
    // Not played yet: the key endpoint does not open the window.
    expect(await key()).toBe(false);

    const firstPlays = await Promise.all(
      [1, 2, 3].map(() => play(`/play-info/${id}`, { token: viewer.token })),
    );
    expect(firstPlays.map((res) => res.status)).toEqual([200, 200, 200]);
    const opened = app.clock.now();
    const [started] = await app.ctx.database.db
      .select()
      .from(titlePurchases)
      .where(eq(titlePurchases.productId, id));
    expect(started?.firstPlayedAt).toEqual(opened);
    expect(await key()).toBe(true);

    app.clock.advance(8 * HOUR - 1);
    expect((await play(`/play-info/${id}`, { token: viewer.token })).status).toBe(200);
    const [still] = await app.ctx.database.db
      .select()
      .from(titlePurchases)
      .where(eq(titlePurchases.productId, id));
    expect(still?.firstPlayedAt).toEqual(opened);
    expect(await key()).toBe(true);

    app.clock.advance(1);
    expect(await key()).toBe(false);
    expect((await play(`/play-info/${id}`, { token: viewer.token })).status).toBe(402);
  });

  it('answers 204 for a title whose package is missing, without opening its window', async () => {
    const id = await insertTitle(app, { asset: 'no-such-package' });
    await grant({ type: 'title', user_name: '09125550101', product_id: id });
    expect((await play(`/play-info/${id}`, { token: viewer.token })).status).toBe(204);
    const [purchase] = await app.ctx.database.db
      .select()
      .from(titlePurchases)
      .where(eq(titlePurchases.productId, id));
    expect(purchase?.firstPlayedAt).toBeNull();
  });

  it('refuses the key to a viewer without access, an ended session, and a session that never had one', async () => {
    const id = await insertTitle(app, { asset: 'testcard' });
    const ask = (sessionId: number | null, ticketSessionId: number | null = null) =>
      canFetchKey(app.ctx, {
        productId: id,
        sessionId,
        ticketSessionId,
        clientAddress: IRANIAN,
        now: app.clock.now(),
      });
    const login = await (await app.login('09125550102', 'secret-pass-1')).json();
    const sessions = await app.ctx.database.db.query.sessions.findMany({
      where: (s, { eq: is }) => is(s.userId, subscriber.userId),
    });
    const latest = Math.max(...sessions.map((s) => s.id));
    const viewers = await app.ctx.database.db.query.sessions.findMany({
      where: (s, { eq: is }) => is(s.userId, viewer.userId),
    });
    expect(await ask(latest)).toBe(true);
    expect(await ask(viewers[0]!.id)).toBe(false);
    expect(await ask(null)).toBe(false);
    await app.as(login.token, '/auth/logout', { method: 'POST' });
    expect(await ask(latest)).toBe(false);
  });

  it('plays series from the episode the profile is at, with the next episode', async () => {
    const series = await insertSeries(app, 3, 'testcard');
    const first = await (await play(`/play-info/${series.id}`, { token: subscriber.token })).json();
    expect(first.episode).toMatchObject({ id: series.episodes[0], season: 1, number: 1 });
    expect(first.next_episode).toMatchObject({ id: series.episodes[1], number: 2 });
    // The next episode starts by itself unless the profile turned that off (issue 25).
    expect(first.autoplay_next).toBe(true);
    const { profiles } = await (await app.as(subscriber.token, '/me/profiles')).json();
    const main = profiles.find((profile: { is_main: boolean }) => profile.is_main);
    expect(main.autoplay_next).toBe(true);
    const off = new FormData();
    off.set('autoplay_next', 'false');
    const turnedOff = await app.as(subscriber.token, `/me/profiles/${main.id}`, {
      method: 'POST',
      body: off,
    });
    expect(turnedOff.status).toBe(200);
    expect((await turnedOff.json()).profiles[0].autoplay_next).toBe(false);
    const manual = await (await play(`/play-info/${series.id}`, { token: subscriber.token })).json();
    expect(manual.autoplay_next).toBe(false);
    const on = new FormData();
    on.set('autoplay_next', 'true');
    await app.as(subscriber.token, `/me/profiles/${main.id}`, { method: 'POST', body: on });

    const save = (episode: number, position: number) =>
      app.as(subscriber.token, '/core/save-watch-time', {
        json: { product_id: series.id, episode_id: episode, position, duration: 60 },
      });
    expect(await (await save(series.episodes[1]!, 20)).json()).toEqual({ watched: false });
    const resumed = await (await play(`/play-info/${series.id}`, { token: subscriber.token })).json();
    expect(resumed).toMatchObject({ episode: { id: series.episodes[1] }, resume_at: 20, watched: false });
    // Past the credits marker (50 s of 60) counts as watched: the next play goes on to episode 3.
    expect(await (await save(series.episodes[1]!, 51)).json()).toEqual({ watched: true });
    const next = await (await play(`/play-info/${series.id}`, { token: subscriber.token })).json();
    expect(next).toMatchObject({ episode: { id: series.episodes[2] }, resume_at: 0, next_episode: null });
    const chosen = await play(`/play-info/${series.id}?episode=${series.episodes[0]}`, {
      token: subscriber.token,
    });
    expect((await chosen.json()).episode.id).toBe(series.episodes[0]);
    expect((await play(`/play-info/${series.id}?episode=999999`, { token: subscriber.token })).status).toBe(
      404,
    );
  });

  it('saves watch time per profile and title (upsert, 95 % is watched) and forgets it with the profile', async () => {
    const id = await insertTitle(app, { isFree: true, asset: 'bars' });
    const save = (token: string, position: number, duration = 1000) =>
      app.as(token, '/core/save-watch-time', { json: { product_id: id, position, duration } });
    expect(await (await save(viewer.token, 100)).json()).toEqual({ watched: false });
    expect(await (await save(viewer.token, 300)).json()).toEqual({ watched: false });
    expect((await (await play(`/play-info/${id}`, { token: viewer.token })).json()).resume_at).toBe(300);
    expect(await (await save(viewer.token, 950)).json()).toEqual({ watched: true });
    const done = await (await play(`/play-info/${id}`, { token: viewer.token })).json();
    expect(done).toMatchObject({ resume_at: 0, watched: true });
    expect(
      (await app.request('/core/save-watch-time', { json: { product_id: id, position: 1, duration: 2 } }))
        .status,
    ).toBe(401);
    expect((await save(viewer.token, 1, 0)).status).toBe(422);
    expect(
      (
        await app.as(viewer.token, '/core/save-watch-time', {
          json: { product_id: 999999, position: 1, duration: 2 },
        })
      ).status,
    ).toBe(404);

    // A member profile: its own position, deleted with it.
    const form = new FormData();
    form.set('name', 'کودک');
    form.set('avatar_id', '2');
    const created = await app.as(viewer.token, '/me/profiles', { method: 'POST', body: form });
    const member = (await created.json()).profiles.find((profile: { is_main: boolean }) => !profile.is_main);
    const login = await (await app.login('09125550101', 'secret-pass-1')).json();
    await app.as(login.token, `/auth/select-profile/${member.id}`, { method: 'POST' });
    expect(await (await save(login.token, 10)).json()).toEqual({ watched: false });
    const rows = () =>
      app.ctx.database.db.query.watchPositions.findMany({ where: (w, { eq: is }) => is(w.productId, id) });
    expect((await rows()).length).toBe(2);
    expect((await app.as(viewer.token, `/me/profiles/${member.id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await rows()).map((row) => row.positionSeconds)).toEqual([950]);
  });

  it('plays trailers for anyone, and 204 without one', async () => {
    const id = await insertTitle(app, { trailer: 'testcard', regions: ['US'] });
    const res = await play(`/play-preview-info/${id}`);
    expect(res.status).toBe(200);
    const info = await res.json();
    expect(info).toMatchObject({ preview: true, duration: 12, resume_at: 0 });
    expect(info.stream.master).toMatch(/\/trailer\/master\.m3u8$/);
    expect((await play(`/play-preview-info/${await insertTitle(app, {})}`)).status).toBe(204);
    expect((await play('/play-preview-info/999999')).status).toBe(404);
  });

  it('stores player reports with title, position, browser and network; login optional; rate limited', async () => {
    const id = await insertTitle(app, { isFree: true, asset: 'testcard' });
    const report = {
      product_id: id,
      position: 42.4,
      problem: 'buffering',
      description: 'تصویر مدام می‌ایستد',
      browser: 'Mozilla/5.0 Chrome/130',
      network: { streaming_ip: '5.160.0.9', effective_type: '4g', downlink: 3.5 },
    };
    const sent = await app.request('/core/player-report', {
      json: report,
      clientAddress: '198.51.100.7',
      headers: { ...fa, authorization: `Bearer ${viewer.token}` },
    });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toEqual({ message: 'گزارش شما دریافت شد؛ از همراهی‌تان سپاسگزاریم' });
    const [stored] = await app.ctx.database.db.query.playerReports.findMany({
      where: (r, { eq: is }) => is(r.productId, id),
    });
    expect(stored).toMatchObject({
      userId: viewer.userId,
      positionSeconds: 42,
      problem: 'buffering',
      browser: 'Mozilla/5.0 Chrome/130',
      streamingIp: '5.160.0.9',
      effectiveType: '4g',
      downlink: 3.5,
      clientAddress: '198.51.100.7',
    });
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const res = await app.request('/core/player-report', {
        json: report,
        clientAddress: '198.51.100.7',
        headers: en,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
    const bad = await app.request('/core/player-report', {
      json: { ...report, problem: 'nope' },
      clientAddress: '198.51.100.8',
    });
    expect(bad.status).toBe(422);
  });

  it('grants through the staff API only for staff with a role that may grant', async () => {
    const id = await insertTitle(app, { asset: 'testcard' });
    const body = { type: 'title', user_name: '09125550101', product_id: id };
    expect((await app.as(viewer.token, '/staff/grants', { json: body })).status).toBe(403);
    await grantStaffRoles(app, subscriber.userId, 'support');
    const granted = await app.as(subscriber.token, '/staff/grants', { json: body, headers: en });
    expect(granted.status).toBe(201);
    expect(await granted.json()).toMatchObject({ message: 'Access granted.', type: 'title' });
    expect((await play(`/play-info/${id}`, { token: viewer.token })).status).toBe(200);
    const ticket = await app.as(subscriber.token, '/staff/grants', {
      json: { type: 'ticket', product_id: await insertFestival(app, [id]) },
    });
    expect((await ticket.json()).code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(
      (await app.as(subscriber.token, '/staff/grants', { json: { ...body, user_name: '09125559999' } }))
        .status,
    ).toBe(404);
  });

  it('plays a screening with a ticket: live window, countdown before, 410 after', async () => {
    const running = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-1),
      endsAt: at(1),
      asset: 'bars',
    });
    const upcoming = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(2),
      endsAt: at(4),
      asset: 'bars',
    });
    const ended = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-4),
      endsAt: at(-2),
      asset: 'bars',
    });
    expect((await play(`/live-play-info/${running}`, { token: subscriber.token })).status).toBe(402);
    for (const product_id of [running, upcoming]) {
      await grant({ type: 'ticket', product_id, user_name: '09125550102' });
    }
    const live = await play(`/live-play-info/${running}?streaming_ip=${IRANIAN}`, {
      token: subscriber.token,
    });
    expect(live.status).toBe(200);
    expect((await live.json()).live).toEqual({
      starts_at: at(-1).toISOString(),
      ends_at: at(1).toISOString(),
      now: app.clock.now().toISOString(),
    });
    const soon = await play(`/live-play-info/${upcoming}`, { token: subscriber.token, headers: en });
    expect(soon.status).toBe(425);
    expect(await soon.json()).toEqual({
      message: 'The screening has not started yet.',
      starts_at: at(2).toISOString(),
    });
    const over = await play(`/live-play-info/${ended}`, { token: subscriber.token, headers: fa });
    expect(over.status).toBe(410);
    expect((await over.json()).message).toBe('این اکران به پایان رسیده است');
    expect(
      (await play(`/live-play-info/${await insertTitle(app, { isFree: true, asset: 'bars' })}`)).status,
    ).toBe(404);
  });

  it('binds a live ticket to its first network: one of two concurrent first uses wins', async () => {
    const screening = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-1),
      endsAt: at(1),
      asset: 'bars',
    });
    const { code } = await grant({ type: 'ticket', product_id: screening });
    const attempts = await Promise.all(
      [IRANIAN, GERMAN].map((address) =>
        play(`/live-play-info?using_ticket=${code}&streaming_ip=${address}`, { address, headers: en }),
      ),
    );
    const statuses = attempts.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 403]);
    const loser = attempts.find((res) => res.status === 403)!;
    expect((await loser.json()).message).toBe(
      'This ticket is in use on another network; a live ticket works on one network only.',
    );
    const [row] = await app.ctx.database.db.select().from(tickets).where(eq(tickets.code, code!));
    const winner = attempts[0]!.status === 200 ? IRANIAN : GERMAN;
    expect(row?.network).toBe(winner);
    expect(row?.usedAt).not.toBeNull();
    // The same network again (another address of its /24) still plays.
    const again = await play(`/live-play-info?using_ticket=${code!.toLowerCase()}`, {
      address: winner.replace(/\.\d+$/, '.200'),
    });
    expect(again.status).toBe(200);
  });

  it('opens a limited session for a ticket without login: it plays that ticket only and never reaches /me', async () => {
    const screening = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-1),
      endsAt: at(1),
      asset: 'bars',
    });
    const { code } = await grant({ type: 'ticket', product_id: screening });
    const first = await play(`/play-info?using_ticket=${code}`, { address: AMERICAN });
    expect(first.status).toBe(200);
    const { auth, product } = await first.json();
    expect(product.id).toBe(screening);
    expect(auth.me).toEqual({ limited: true, ticket: { code, kind: 'live', product_id: screening } });
    expect((await app.as(auth.token, '/me')).status).toBe(401);
    expect((await app.as(auth.token, '/me/favorite')).status).toBe(401);
    const withToken = await play(`/live-play-info/${screening}`, { token: auth.token, address: AMERICAN });
    expect(withToken.status).toBe(200);
    expect((await withToken.json()).auth).toBeUndefined();
    const other = await insertTitle(app, { isFree: true, asset: 'testcard' });
    expect((await play(`/play-info/${other}`, { token: auth.token, address: AMERICAN })).status).toBe(403);
    const [session] = await app.ctx.database.db.query.ticketSessions.findMany({
      where: (s, { eq: is }) => is(s.tokenHash, s.tokenHash),
      orderBy: (s, { desc }) => [desc(s.id)],
    });
    const key = (address: string, catchUp = false) =>
      canFetchKey(app.ctx, {
        productId: screening,
        sessionId: null,
        ticketSessionId: session!.id,
        clientAddress: address,
        now: app.clock.now(),
        catchUp,
      });
    expect(await key(AMERICAN)).toBe(true);
    expect(await key(GERMAN)).toBe(false);
    app.clock.advance(HOUR + 1);
    expect(await key(AMERICAN)).toBe(false);
    // Over, it plays on as its catch-up for a week (decision record 0055): on demand, on its network.
    const asTicket = { token: auth.token, address: AMERICAN };
    expect((await play(`/live-play-info/${screening}`, asTicket)).status).toBe(410);
    const catchUp = await play(`/play-info/${screening}`, asTicket);
    expect(catchUp.status).toBe(200);
    expect((await catchUp.json()).live).toBeNull();
    expect(await key(AMERICAN, true)).toBe(true);
    expect(await key(GERMAN, true)).toBe(false);
    app.clock.advance(7 * 24 * HOUR);
    expect((await play(`/play-info/${screening}`, asTicket)).status).toBe(410);
    expect(await key(AMERICAN, true)).toBe(false);
  });

  it('covers a festival programme with a festival ticket; a logged-in viewer claims an unowned code', async () => {
    const inProgramme = await insertTitle(app, { asset: 'testcard' });
    const festival = await insertFestival(app, [inProgramme]);
    const { code } = await grant({ type: 'ticket', product_id: festival });
    const res = await play(`/play-info?using_ticket=${code}`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect((await res.json()).product.id).toBe(inProgramme);
    // Now the viewer's: it plays without the code, and another account is told it is used.
    expect((await play(`/play-info/${festival}`, { token: viewer.token })).status).toBe(200);
    const taken = await play(`/play-info/${inProgramme}?using_ticket=${code}`, {
      token: subscriber.token,
      headers: en,
    });
    expect(taken.status).toBe(403);
    expect((await taken.json()).message).toBe('This ticket has already been used by another account.');
    const invalid = await play(`/play-info?using_ticket=NOPE-0000`, { headers: fa });
    expect(invalid.status).toBe(403);
    expect((await invalid.json()).message).toBe('کد بلیت معتبر نیست');
  });

  it('plays a festival asked for by its id only with its pass, even when its first title is free or subscribed', async () => {
    const free = await insertTitle(app, { isFree: true, asset: 'testcard' });
    const festival = await insertFestival(app, [free]);
    expect((await play(`/play-info/${free}`)).status).toBe(200);
    expect((await play(`/play-info/${festival}`)).status).toBe(401);
    const refused = await play(`/play-info/${festival}`, { token: subscriber.token, headers: en });
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ plans: true });
    // A code presented decides alone; the pass owned plays without it.
    const { code } = await grant({ type: 'ticket', product_id: festival });
    expect((await play(`/play-info/${festival}?using_ticket=${code}`)).status).toBe(200);
    await grant({ type: 'ticket', product_id: festival, user_name: '09125550102' });
    const owned = await play(`/play-info/${festival}`, { token: subscriber.token });
    expect(owned.status).toBe(200);
    expect((await owned.json()).product.id).toBe(free);
  });

  it('checks tickets: valid, wrong network, expired, used, and 401 for an account ticket without login', async () => {
    const running = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-1),
      endsAt: at(1),
      asset: 'bars',
    });
    const ended = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-4),
      endsAt: at(-2),
      asset: 'bars',
    });
    const open = (await grant({ type: 'ticket', product_id: running })).code!;
    const old = (await grant({ type: 'ticket', product_id: ended })).code!;
    const owned = (await grant({ type: 'ticket', product_id: running, user_name: '09125550101' })).code!;
    const check = (code: string, init: { token?: string; address?: string } = {}) =>
      play(`/check-live-ticket/${code}`, init);
    const valid = await check(open);
    expect(valid.status).toBe(200);
    expect(await valid.json()).toMatchObject({
      status: 'valid',
      kind: 'live',
      product: { id: running },
      starts_at: at(-1).toISOString(),
      ends_at: at(1).toISOString(),
    });
    await play(`/live-play-info?using_ticket=${open}`, { address: IRANIAN });
    expect((await (await check(open, { address: GERMAN })).json()).status).toBe('wrong_network');
    expect((await (await check(open, { address: IRANIAN })).json()).status).toBe('valid');
    expect((await (await check(old)).json()).status).toBe('expired');
    expect((await check(owned)).status).toBe(401);
    expect((await (await check(owned, { token: viewer.token })).json()).status).toBe('valid');
    expect((await (await check(owned, { token: subscriber.token })).json()).status).toBe('used');
    expect((await check('NOPE-0000')).status).toBe(404);
    const festivalCode = (await grant({ type: 'ticket', product_id: await insertFestival(app, [running]) }))
      .code!;
    expect((await check(festivalCode)).status).toBe(404);
    expect((await (await play(`/check-ticket/${festivalCode}`)).json()).status).toBe('valid');
    expect((await play('/core/ip', { address: GERMAN }).then((r) => r.json())).ip).toBe(GERMAN);
  });
  it('says every ticket refusal in fa and en', async () => {
    const film = await insertTitle(app, { asset: 'testcard' });
    const festival = await insertFestival(app, [film]);
    const expired = (await grant({ type: 'ticket', product_id: festival, valid_until: at(-1).toISOString() }))
      .code!;
    const owned = (await grant({ type: 'ticket', product_id: festival, user_name: '09125550101' })).code!;
    const screening = await insertTitle(app, {
      kind: 'screening',
      startsAt: at(-1),
      endsAt: at(1),
      asset: 'bars',
    });
    const bound = (await grant({ type: 'ticket', product_id: screening })).code!;
    await play(`/live-play-info?using_ticket=${bound}`, { address: IRANIAN });
    const cases = [
      [
        `/play-info?using_ticket=${expired}`,
        undefined,
        IRANIAN,
        'مهلت استفاده از این بلیت به پایان رسیده است',
        'This ticket has expired.',
      ],
      [
        `/play-info?using_ticket=${owned}`,
        subscriber.token,
        IRANIAN,
        'این بلیت پیش‌تر در حساب دیگری استفاده شده است',
        'This ticket has already been used by another account.',
      ],
      [
        `/play-info?using_ticket=${owned}`,
        undefined,
        IRANIAN,
        'ابتدا وارد حساب کاربری خود شوید',
        'Please log in first.',
      ],
      [
        `/live-play-info?using_ticket=${bound}`,
        undefined,
        GERMAN,
        'این بلیت روی شبکه دیگری فعال شده است؛ هر بلیت اکران آنلاین فقط روی یک شبکه کار می‌کند',
        'This ticket is in use on another network; a live ticket works on one network only.',
      ],
      [
        '/play-info?using_ticket=NONE-0000',
        undefined,
        IRANIAN,
        'کد بلیت معتبر نیست',
        'The ticket code is not valid.',
      ],
    ] as const;
    for (const [path, token, address, faText, enText] of cases) {
      const inFa = await play(path, { ...(token ? { token } : {}), address, headers: fa });
      expect([401, 403], enText).toContain(inFa.status);
      expect((await inFa.json()).message).toBe(faText);
      const inEn = await play(path, { ...(token ? { token } : {}), address, headers: en });
      expect((await inEn.json()).message).toBe(enText);
    }
  });

  it('stops handing out keys when the subscription ends', async () => {
    const id = await insertTitle(app, { asset: 'testcard' });
    const sessions = await app.ctx.database.db.query.sessions.findMany({
      where: (s, { and: both, eq: is, isNull }) => both(is(s.userId, subscriber.userId), isNull(s.endedAt)),
    });
    const ask = () =>
      canFetchKey(app.ctx, {
        productId: id,
        sessionId: sessions[0]!.id,
        ticketSessionId: null,
        clientAddress: IRANIAN,
        now: app.clock.now(),
      });
    expect(await ask()).toBe(true);
    app.clock.advance(31 * 24 * HOUR);
    expect(await ask()).toBe(false);
    expect((await play(`/play-info/${id}`, { token: subscriber.token })).status).toBe(402);
  });
  it('limits wrong ticket codes per address, so codes cannot be enumerated', async () => {
    const festival = await insertFestival(app, [await insertTitle(app, { asset: 'testcard' })]);
    const { code } = await grant({ type: 'ticket', product_id: festival });
    const guesser = '198.51.100.99';
    const statuses = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await play(`/check-ticket/GUESS-${i}`, { address: guesser })).status);
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    expect((await play(`/play-info?using_ticket=${code}`, { address: guesser })).status).toBe(429);
    expect((await play(`/check-ticket/${code}`, { address: GERMAN })).status).toBe(200);
  });
});
