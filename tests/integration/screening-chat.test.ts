import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUEUED_BYTES } from '~/server/chat/stream';
import { issueTicket } from '~/server/commerce/entitlements';
import { auditLog } from '~/server/db/schema';
import { MAX_CHAT_MESSAGE_LENGTH } from '~/shared/chat';
import { startAccountsApp, type AccountsApp } from './accounts';
import { newViewer, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { en, fa, insertFestival, insertTitle } from './playback-fixtures';
import { newStaffMember } from './staff-fixtures';
import { serveOverHttp, type ServedApi } from './http-server';
import { eq, sql } from 'drizzle-orm';

/**
 * The screening chat (issue 30): ticket holders and moderators only; limits (length, control
 * characters, per-viewer rate, slow mode) answer in the API's shapes; moderation (delete, mute, close)
 * reaches open streams and the audit log; reports reach the moderators; a message written on one
 * instance reaches a stream open on another through NOTIFY; the replay gives each message its moment.
 * Streams over real HTTP go through server.mjs's door (src/server/web/chat-door.ts), as in production.
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

/** A chat stream over real HTTP, read as a browser behind server.mjs reads it: its events as `type:id`. */
function httpStream(served: ServedApi, token: string, id: number) {
  return new Promise<{
    res: http.IncomingMessage;
    events: string[];
    opened: () => boolean;
    close: () => void;
  }>((resolve, reject) => {
    const req = http.get(
      `${served.origin}/api/v1/screenings/${id}/chat/stream`,
      { headers: { authorization: `Bearer ${token}` } },
      (res) => {
        const events: string[] = [];
        let opened = false;
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes(': open')) opened = true;
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type && data) events.push(`${type}:${(JSON.parse(data) as { id: number }).id}`);
          }
        });
        res.on('error', () => {});
        resolve({ res, events, opened: () => opened, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
  });
}

async function until(condition: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
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
      // The stream gets the very message the writer was answered (its id set by the insert's NOTIFY).
      const received = await stream.next((event) => event.type === 'message');
      expect(received.data).toEqual(message);

      const room = await (await app.as(reader.token, `/screenings/${id}/chat`)).json();
      expect(room.messages.map((m: { id: number }) => m.id)).toEqual([message.id]);
      expect(room.moderator).toBe(false);
    } finally {
      await stream.close();
      await sibling.close();
    }
  });

  it('streams over HTTP as server.mjs does: every message and deletion, in order, to every stream; refusals from the API', async () => {
    const id = await runningScreening();
    const writer = await ticketHolder(id);
    const reader = await ticketHolder(id);
    const stranger = await newViewer(app);
    const served = await serveOverHttp(app);
    const streams: Awaited<ReturnType<typeof httpStream>>[] = [];
    try {
      const url = `${served.origin}/api/v1/screenings/${id}/chat/stream`;
      const refused = await fetch(url, { headers: { authorization: `Bearer ${stranger.token}`, ...en } });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe('The chat is for ticket holders of this screening.');
      expect((await fetch(url)).status).toBe(401);
      const unknown = `${served.origin}/api/v1/screenings/999999/chat/stream`;
      expect((await fetch(unknown, { headers: { authorization: `Bearer ${reader.token}` } })).status).toBe(
        404,
      );

      for (let i = 0; i < 3; i++) streams.push(await httpStream(served, reader.token, id));
      const { headers } = streams[0]!.res;
      expect(streams[0]!.res.statusCode).toBe(200);
      expect(headers['content-type']).toContain('text/event-stream');
      expect(headers['cache-control']).toContain('no-transform');
      expect(headers['x-content-type-options']).toBe('nosniff');
      await until(() => streams.every((stream) => stream.opened()), 'the streams to open');

      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const sent = await say(writer, id, `in order ${i}`);
        expect(sent.status).toBe(201);
        ids.push(((await sent.json()) as { id: number }).id);
      }
      const deleted = await app.as(moderator.token, `/staff/chat-messages/${ids[2]}`, { method: 'DELETE' });
      expect(deleted.status).toBe(200);
      const expected = [...ids.map((message) => `message:${message}`), `deleted:${ids[2]}`];
      for (const stream of streams) {
        await until(() => stream.events.length >= expected.length, 'every event');
        expect(stream.events).toEqual(expected);
      }
    } finally {
      for (const stream of streams) stream.close();
      await served.close();
    }
  });

  it('cuts a stream whose reader stopped reading once 256 kB wait for it; the other streams go on', async () => {
    const id = await runningScreening();
    const writer = await ticketHolder(id);
    const reader = await ticketHolder(id);
    const served = await serveOverHttp(app);
    const stalled = await httpStream(served, reader.token, id);
    const reading = await httpStream(served, reader.token, id);
    try {
      await until(() => stalled.opened() && reading.opened(), 'the streams to open');
      stalled.res.pause();
      // 12 MB of big events straight onto the chat's channel, 30 at a time (about 210 kB, under the
      // limit), each batch read by the other stream before the next. The stalled stream's backlog fills
      // the kernel's socket buffers (a few MB), then the response's, where the limit applies.
      const body = 'x'.repeat(7000);
      let sent = 0;
      while (sent * body.length < 12_000_000) {
        await app.ctx.database.db.execute(sql`
          select pg_notify('screening_chat', json_build_object('productId', ${id}::int, 'event',
            json_build_object('type', 'message', 'message', json_build_object('id', -g, 'user_id', 0,
              'author', 'flood', 'avatar_url', '', 'body', ${body}::text, 'created_at', '')))::text)
          from generate_series(${sent + 1}::int, ${sent + 30}::int) g`);
        sent += 30;
        await until(() => reading.events.length >= sent, 'the reading stream to keep up');
      }
      // The stream that kept reading got every event, and still gets the next message.
      const last = (await (await say(writer, id, 'still here')).json()) as { id: number };
      await until(() => reading.events.includes(`message:${last.id}`), 'the next message');
      expect(reading.events.length).toBe(sent + 1);
      expect(reading.res.destroyed).toBe(false);
      // The stalled one, read again, holds what was sent before it was cut, then ends: the server
      // dropped the rest (about MAX_QUEUED_BYTES past what the kernel held) instead of keeping it.
      let ended = false;
      stalled.res.once('close', () => (ended = true));
      stalled.res.resume();
      await until(() => ended, 'the stalled stream to end');
      expect(stalled.events.length).toBeLessThan(sent);
      expect(stalled.events.length * body.length).toBeGreaterThan(MAX_QUEUED_BYTES);
    } finally {
      stalled.close();
      reading.close();
      await served.close();
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
