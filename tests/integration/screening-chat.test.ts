import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueTicket } from '~/server/commerce/entitlements';
import { auditLog } from '~/server/db/schema';
import { MAX_CHAT_MESSAGE_LENGTH } from '~/shared/chat';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { en, fa, insertFestival, insertTitle } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';
import { eq } from 'drizzle-orm';

/**
 * The screening chat (issue 30): ticket holders and moderators only; limits (length, control
 * characters, per-viewer rate, slow mode) answer in the API's shapes; moderation (delete, mute, close)
 * reaches open streams and the audit log; reports reach the moderators; a message written on one
 * instance reaches a stream open on another through NOTIFY; the replay gives each message its moment.
 */
let app: AccountsApp;
let moderator: Viewer;
beforeAll(async () => {
  app = await startAccountsApp();
  moderator = await newStaffMember(app, 'moderator');
});
afterAll(async () => {
  await app?.close();
});

/** A screening that started ten minutes ago and runs two hours. */
function runningScreening(): Promise<number> {
  const startsAt = new Date(app.clock.now().getTime() - 10 * 60_000);
  return insertTitle(app, {
    kind: 'screening',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
  });
}

async function ticketHolder(productId: number, kind: 'live' | 'festival' = 'live'): Promise<Viewer> {
  const viewer = await newViewer(app);
  await issueTicket(app.ctx.database.db, {
    productId,
    kind,
    ownerUserId: viewer.userId,
    validUntil: null,
    source: 'script',
    now: app.clock.now(),
  });
  return viewer;
}

const say = (viewer: Viewer, id: number, body: string, headers: Record<string, string> = en) =>
  app.as(viewer.token, `/screenings/${id}/chat`, { json: { body }, headers });

/** An open event stream: `next(predicate)` waits (at most 3 s) for an event matching it. */
async function openStream(
  request: (path: string, init: RequestInit) => Promise<Response>,
  token: string,
  id: number,
) {
  const res = await request(`/screenings/${id}/chat/stream`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  expect(res.headers.get('cache-control')).toContain('no-transform');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: { type: string; data: unknown }[] = [];
  async function next(match: (event: { type: string; data: unknown }) => boolean) {
    const deadline = Date.now() + 3000;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching event in ${JSON.stringify(events)}`);
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now())),
      ]);
      if (!chunk || chunk.done) continue;
      buffer += decoder.decode(chunk.value, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type && data) events.push({ type, data: JSON.parse(data) });
      }
    }
  }
  return { next, close: () => reader.cancel() };
}

async function auditActions(targetId: number): Promise<string[]> {
  const rows = await app.ctx.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, String(targetId)));
  return rows.map((row) => row.action);
}

describe(`screening chat on ${databaseUnderTest}`, () => {
  it('is for ticket holders: a message reaches a stream open on another instance through NOTIFY', async () => {
    const id = await runningScreening();
    const writer = await ticketHolder(id);
    const festival = await insertFestival(app, [id]);
    const reader = await ticketHolder(festival, 'festival');
    const stranger = await newViewer(app);

    for (const res of [
      await app.as(stranger.token, `/screenings/${id}/chat`, { headers: fa }),
      await say(stranger, id, 'سلام'),
      await app.as(stranger.token, `/screenings/${id}/chat/stream`),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await (await say(stranger, id, 'hi')).json()).message).toBe(
      'The chat is for ticket holders of this screening.',
    );
    expect((await app.request(`/screenings/${id}/chat`)).status).toBe(401);

    const sibling = await app.startSibling();
    const stream = await openStream(sibling.request, reader.token, id);
    try {
      const sent = await say(writer, id, 'سلام به همه! Hello');
      expect(sent.status).toBe(201);
      const message = (await sent.json()) as { id: number; body: string; author: string; avatar_url: string };
      expect(message.body).toBe('سلام به همه! Hello');
      expect(message.author).toBe('سارا');
      expect(message.avatar_url).toMatch(/^\/api\/v1\//);
      const received = await stream.next((event) => event.type === 'message');
      expect(received.data).toMatchObject({ id: message.id, body: 'سلام به همه! Hello' });

      const room = await (await app.as(reader.token, `/screenings/${id}/chat`)).json();
      expect(room.messages.map((m: { id: number }) => m.id)).toEqual([message.id]);
      expect(room.moderator).toBe(false);
    } finally {
      await stream.close();
      await sibling.close();
    }
  });

  it('refuses empty, too long and control-character messages with 422 naming body, in both languages', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    for (const body of ['   ', 'x'.repeat(MAX_CHAT_MESSAGE_LENGTH + 1), 'bad\u0007bell']) {
      const res = await say(viewer, id, body, fa);
      expect(res.status, body).toBe(422);
      const error = (await res.json()) as { errors: Record<string, string[]> };
      expect(Object.keys(error.errors)).toEqual(['body']);
    }
    expect((await say(viewer, id, 'x'.repeat(MAX_CHAT_MESSAGE_LENGTH))).status).toBe(201);
  });

  it('limits each viewer to 5 messages in 10 s with 429 and Retry-After', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    const other = await ticketHolder(id);
    for (let i = 0; i < 5; i++) expect((await say(viewer, id, `m${i}`)).status).toBe(201);
    const refused = await say(viewer, id, 'one more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another viewer is not held back by it.
    expect((await say(other, id, 'me too')).status).toBe(201);
    app.clock.advance(10);
    expect((await say(viewer, id, 'again')).status).toBe(201);
  });

  it('has a slow mode set by a moderator (audited), which the moderator skips', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    const stream = await openStream(app.request, viewer.token, id);
    try {
      expect(
        (
          await app.as(viewer.token, `/staff/screenings/${id}/chat`, {
            method: 'PATCH',
            json: { slow_mode_seconds: 30 },
          })
        ).status,
      ).toBe(403);
      const set = await app.as(moderator.token, `/staff/screenings/${id}/chat`, {
        method: 'PATCH',
        json: { slow_mode_seconds: 30 },
      });
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ closed: false, slow_mode_seconds: 30 });
      await stream.next((event) => event.type === 'room');
    } finally {
      await stream.close();
    }
    expect((await say(viewer, id, 'first')).status).toBe(201);
    app.clock.advance(12);
    const slowed = await say(viewer, id, 'second', fa);
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBe(18);
    expect((await slowed.json()).message).toContain('حالت آهسته');
    expect((await say(moderator, id, 'mod 1')).status).toBe(201);
    expect((await say(moderator, id, 'mod 2')).status).toBe(201);
    app.clock.advance(18);
    expect((await say(viewer, id, 'second')).status).toBe(201);
    expect(await auditActions(id)).toContain('chat.room');
  });

  it('lets a moderator delete a message (gone from streams and the room), mute a viewer and close the chat', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    const reader = await ticketHolder(id);
    const stream = await openStream(app.request, reader.token, id);
    try {
      const message = (await (await say(viewer, id, 'spoiler!')).json()) as { id: number };
      expect(
        (await app.as(reader.token, `/staff/chat-messages/${message.id}`, { method: 'DELETE' })).status,
      ).toBe(403);
      expect(
        (await app.as(moderator.token, `/staff/chat-messages/${message.id}`, { method: 'DELETE' })).status,
      ).toBe(200);
      expect((await stream.next((event) => event.type === 'deleted')).data).toEqual({ id: message.id });
      const room = await (await app.as(reader.token, `/screenings/${id}/chat`)).json();
      expect(room.messages).toEqual([]);
      expect(await auditActions(message.id)).toEqual(['chat.delete']);

      const muted = await app.as(moderator.token, `/staff/screenings/${id}/chat/mutes`, {
        json: { user_id: viewer.userId },
      });
      expect(muted.status).toBe(200);
      const refused = await say(viewer, id, 'hello?');
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe('You have been muted in this chat.');
      expect((await (await app.as(viewer.token, `/screenings/${id}/chat`)).json()).muted).toBe(true);
      expect(await auditActions(id)).toContain('chat.mute');

      expect(
        (
          await app.as(moderator.token, `/staff/screenings/${id}/chat`, {
            method: 'PATCH',
            json: { closed: true },
          })
        ).status,
      ).toBe(200);
      expect((await stream.next((event) => event.type === 'room')).data).toEqual({
        closed: true,
        slow_mode_seconds: 0,
      });
      const closed = await say(reader, id, 'anyone?');
      expect(closed.status).toBe(403);
      expect((await closed.json()).message).toBe('The chat is closed by the moderators.');
    } finally {
      await stream.close();
    }
  });

  it('takes reports once per viewer into the moderators’ list', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    const reporter = await ticketHolder(id);
    const stranger = await newViewer(app);
    const message = (await (await say(viewer, id, 'rude words')).json()) as { id: number };
    expect(
      (await app.as(stranger.token, `/chat-messages/${message.id}/report`, { method: 'POST' })).status,
    ).toBe(403);
    for (let i = 0; i < 2; i++) {
      expect(
        (await app.as(reporter.token, `/chat-messages/${message.id}/report`, { method: 'POST' })).status,
      ).toBe(200);
    }
    expect((await app.as(reporter.token, `/staff/screenings/${id}/chat/reports`)).status).toBe(403);
    const list = await (await app.as(moderator.token, `/staff/screenings/${id}/chat/reports`)).json();
    expect(list.messages).toMatchObject([{ id: message.id, body: 'rude words', reports: 1, deleted: false }]);
  });

  it('lists the screenings to moderate (running or within a week) for moderators only', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    expect((await app.as(viewer.token, '/staff/chat/screenings')).status).toBe(403);
    const list = await (await app.as(moderator.token, '/staff/chat/screenings')).json();
    expect(list.screenings.map((s: { id: number }) => s.id)).toContain(id);
  });

  it('replays the messages at their offset from the start, and closes with the screening', async () => {
    const id = await runningScreening();
    const viewer = await ticketHolder(id);
    await say(viewer, id, 'at ten minutes');
    app.clock.advance(60);
    await say(viewer, id, 'at eleven minutes');
    app.clock.advance(2 * 3600);
    expect((await say(viewer, id, 'too late')).status).toBe(403);
    const all = await (await app.as(viewer.token, `/screenings/${id}/chat/replay`)).json();
    expect(all.messages.map((m: { body: string; offset: number }) => [m.body, m.offset])).toEqual([
      ['at ten minutes', 600],
      ['at eleven minutes', 660],
    ]);
    const early = await (await app.as(viewer.token, `/screenings/${id}/chat/replay?until=630`)).json();
    expect(early.messages.map((m: { body: string }) => m.body)).toEqual(['at ten minutes']);
  });
});
