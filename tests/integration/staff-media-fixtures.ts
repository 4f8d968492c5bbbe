import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { MediaJob, StaffTitle } from '~/shared/staff-catalogue';
import { makeTestPattern } from '../fixtures/test-pattern';
import { startAccountsApp, type AccountsApp } from './accounts';
import { serveOverHttp, type ServedApi } from './http-server';
import { grantStaffRoles } from './staff-fixtures';

/**
 * What the staff console's media tests (video upload, extra audio tracks) start from: the API served
 * over HTTP (a viewer's player fetches playlists, keys and segments), a staff member with the catalogue
 * role, a viewer, and a work directory holding the test pattern (`video`).
 */
export interface StaffMedia {
  app: AccountsApp;
  served: ServedApi;
  staff: string;
  viewer: string;
  work: string;
  video: string;
  /** A free film (or, with `extra`, anything else) made through the console. */
  newTitle(slug: string, extra?: Record<string, unknown>): Promise<StaffTitle>;
  /** A series of one season with two episodes, made through the console. */
  newSeries(slug: string): Promise<StaffTitle>;
  /** The packaging job once it is ready or failed; `seen` collects the progress read on the way. */
  finished(jobId: number, seen?: number[]): Promise<MediaJob>;
  close(): Promise<void>;
}

export async function startStaffMedia(): Promise<StaffMedia> {
  const app = await startAccountsApp();
  const served = await serveOverHttp(app);
  const signed = await app.signUp('09127780001');
  await grantStaffRoles(app, signed.me.id, 'catalogue');
  const staff = signed.token;
  const viewer = (await app.signUp('09127780002')).token;
  const work = mkdtempSync(path.join(os.tmpdir(), 'staff-media-'));
  const video = makeTestPattern(path.join(work, 'source.mp4'));

  async function newTitle(slug: string, extra: Record<string, unknown> = {}): Promise<StaffTitle> {
    const res = await app.as(staff, '/staff/catalogue/titles', {
      json: {
        kind: 'film',
        slug,
        title: 'آزمون',
        en_title: 'Test pattern',
        synopsis: 'الگوی آزمون.',
        en_synopsis: 'A test pattern.',
        category: 'short',
        is_free: true,
        ...extra,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return ((await res.json()) as { title: StaffTitle }).title;
  }

  const newSeries = (slug: string) =>
    newTitle(slug, {
      kind: 'series',
      category: 'tv-series',
      seasons: [
        {
          number: 1,
          title: 'فصل ۱',
          en_title: 'Season 1',
          episodes: [
            { number: 1, title: 'قسمت ۱', en_title: 'Episode 1' },
            { number: 2, title: 'قسمت ۲', en_title: 'Episode 2' },
          ],
        },
      ],
    });

  async function finished(jobId: number, seen: number[] = []): Promise<MediaJob> {
    let job: MediaJob | undefined;
    await expect
      .poll(
        async () => {
          job = (await (await app.as(staff, `/staff/catalogue/media-jobs/${jobId}`)).json()) as MediaJob;
          seen.push(job.progress);
          return job.status;
        },
        { timeout: 110_000, interval: 100 },
      )
      .toMatch(/^(ready|failed)$/);
    return job!;
  }

  async function close() {
    await served.close();
    await app.close();
    rmSync(work, { recursive: true, force: true });
  }

  return { app, served, staff, viewer, work, video, newTitle, newSeries, finished, close };
}
