import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '~/server/context';
import { deliverDueNotices } from '~/server/notify/queue';
import { startScreeningReminders } from '~/server/screenings/reminders';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { en, fa, insertTitle } from './playback-fixtures';

/**
 * "Remind me" and the .ics file of a screening (issue 30): a reminder goes out once, a set time before
 * the start, also when two instances run the sweep at the same moment; the calendar file is valid
 * iCalendar whose DTSTART is the screening's instant, in Tehran time.
 */
let app: AccountsApp;
beforeAll(async () => {
  app = await startAccountsApp({ SCREENING_REMINDER_MINUTES: '30' });
});
afterAll(async () => {
  await app?.close();
});

let phones = 0;
async function viewer(): Promise<{ token: string; phone: string }> {
  const phone = `0936${String(2_000_000 + ++phones).padStart(7, '0')}`;
  const { token } = await app.signUp(phone);
  return { token, phone: `+98${phone.slice(1)}` };
}

/** A screening starting `minutes` after the app's clock, two hours long. */
function screeningIn(minutes: number): Promise<number> {
  const startsAt = new Date(app.clock.now().getTime() + minutes * 60_000);
  return insertTitle(app, {
    kind: 'screening',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
  });
}

/** One run of the reminder job, then of the notice delivery, on each instance at the same moment. */
async function sweep(...instances: AppContext[]): Promise<void> {
  await Promise.all(instances.map((ctx) => startScreeningReminders(ctx, 3_600_000)()));
  await Promise.all(instances.map((ctx) => deliverDueNotices(ctx)));
}

async function remindersTo(phone: string): Promise<string[]> {
  const recipients = await app.outbox();
  return recipients.filter((line) => line.to === phone && !line.code).map((line) => line.text);
}

describe(`screening reminders on ${databaseUnderTest}`, () => {
  it('are asked once, sent once at the lead time by one of two instances, in the asking language', async () => {
    const id = await screeningIn(90);
    const { token, phone } = await viewer();
    const asked = await app.as(token, `/screenings/${id}/reminder`, { method: 'PUT', headers: en });
    expect(asked.status).toBe(200);
    const state = (await asked.json()) as { reminded: boolean; remind_at: string };
    expect(state.reminded).toBe(true);
    expect(Date.parse(state.remind_at)).toBe(app.clock.now().getTime() + 60 * 60_000);
    // A second press keeps the one reminder.
    expect((await app.as(token, `/screenings/${id}/reminder`, { method: 'PUT' })).status).toBe(200);
    const sibling = await app.startSibling();
    try {
      // Too early: 90 minutes before, nothing goes.
      await sweep(app.ctx, sibling.ctx);
      expect(await remindersTo(phone)).toEqual([]);
      app.clock.advance(61 * 60);
      // Both instances sweep at the same moment, twice each.
      for (let round = 0; round < 2; round += 1) await sweep(app.ctx, sibling.ctx);
    } finally {
      await sibling.close();
    }
    const sent = await remindersTo(phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('Title');
    expect(sent[0]).toContain('Tehran time');
    expect(sent[0]).toContain(`http://localhost:4321/en/lives/${id}`);
  });

  it('can be cancelled, need a login, and are refused once the screening has started', async () => {
    const id = await screeningIn(45);
    const { token, phone } = await viewer();
    expect((await app.request(`/screenings/${id}/reminder`, { method: 'PUT' })).status).toBe(401);
    await app.as(token, `/screenings/${id}/reminder`, { method: 'PUT', headers: fa });
    const cancelled = await app.as(token, `/screenings/${id}/reminder`, { method: 'DELETE' });
    expect(await cancelled.json()).toMatchObject({ reminded: false });
    expect(await (await app.as(token, `/screenings/${id}/reminder`)).json()).toMatchObject({
      reminded: false,
    });
    app.clock.advance(20 * 60);
    await sweep(app.ctx);
    expect(await remindersTo(phone)).toEqual([]);
    app.clock.advance(26 * 60);
    const late = await app.as(token, `/screenings/${id}/reminder`, { method: 'PUT', headers: en });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe('This screening has already started.');
    const film = await insertTitle(app);
    expect((await app.as(token, `/screenings/${film}/reminder`, { method: 'PUT' })).status).toBe(404);
  });
});

describe(`a screening's .ics file on ${databaseUnderTest}`, () => {
  it('parses as iCalendar with its start at the right instant in Tehran time, in both languages', async () => {
    const id = await screeningIn(24 * 60 + 7);
    const startsAt = new Date(app.clock.now().getTime() + (24 * 60 + 7) * 60_000);
    for (const lang of ['fa', 'en'] as const) {
      const res = await app.request(`/screenings/${id}/calendar.ics?lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toContain('attachment');
      const text = await res.text();
      // RFC 5545 3.1: lines end in CRLF.
      expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
      const calendar = new ICAL.Component(ICAL.parse(text));
      const zone = calendar.getFirstSubcomponent('vtimezone');
      expect(zone?.getFirstPropertyValue('tzid')).toBe('Asia/Tehran');
      ICAL.TimezoneService.register(zone!);
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Asia/Tehran');
      expect(event.startDate.zone.tzid).toBe('Asia/Tehran');
      expect(event.startDate.toJSDate().getTime()).toBe(startsAt.getTime());
      expect(event.endDate.toJSDate().getTime()).toBe(startsAt.getTime() + 2 * 3600_000);
      expect(event.summary).toContain(lang === 'fa' ? 'عنوان' : 'Title');
      expect(String(calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstamp'))).toMatch(/Z$/);
      expect(event.component.getFirstPropertyValue('url')).toBe(
        `http://localhost:4321${lang === 'en' ? '/en' : ''}/lives/${id}`,
      );
    }
    const film = await insertTitle(app);
    expect((await app.request(`/screenings/${film}/calendar.ics`)).status).toBe(404);
  });
});
