import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';
import { grantStaffRoles } from './staff-fixtures';

interface Listed {
  id: number;
  author: string;
  body: string;
  likes: number;
  dislikes: number;
  reaction: string | null;
  replies: Listed[];
}

describe(`comments and moderation on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let viewer: string;
  let staff: string;
  let film = 0;
  let other = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    [film = 0, other = 0] = await insertProducts(app, ['talk-1', 'talk-2']);
    viewer = (await app.signUp('09127770001', { name: 'آرش' })).token;
    const moderator = await app.signUp('09127770002', { name: 'ناظر' });
    await grantStaffRoles(app, moderator.me.id, 'moderator');
    staff = moderator.token;
  });
  afterAll(() => app.close());

  /** Posts as the viewer; the clock moves on so the posting limit (5 in 10 minutes) stays out of the way. */
  const post = async (body: unknown, id = film, language = 'fa') => {
    const res = await app.as(viewer, `/products/${id}/comments`, {
      json: body,
      headers: { 'accept-language-site': language },
    });
    app.clock.advance(130);
    return { status: res.status, body: await res.json() };
  };
  const moderate = (id: number, decision: 'approve' | 'reject', token = staff) =>
    app.as(token, `/staff/comments/${id}/${decision}`, {
      method: 'POST',
      headers: { 'accept-language-site': 'en' },
    });
  const list = async (page = 1, id = film) =>
    (await app.request(`/products/${id}/comments?page=${page}`)).json() as Promise<{
      comments: Listed[];
      page: number;
      has_more: boolean;
    }>;

  it('requires a body, in both languages', async () => {
    const fa = await post({ body: '   ' });
    expect(fa.status).toBe(422);
    expect(fa.body.errors).toEqual({ body: ['وارد کردن این فیلد الزامی است'] });
    const en = await post({}, film, 'en');
    expect(en.status).toBe(422);
    expect(en.body.errors).toEqual({ body: ['Entering this field is required.'] });
    expect((await post({ body: 'x'.repeat(2001) })).status).toBe(422);
  });

  it('stores a comment as pending, tells the viewer so, and lists it only once approved', async () => {
    const posted = await post({ body: '  عالی بود  ' }, film, 'en');
    expect(posted).toEqual({
      status: 201,
      body: {
        message: 'Your comment will be published after approval.',
        comment: { id: expect.any(Number), status: 'pending' },
      },
    });
    expect((await list()).comments).toEqual([]);

    const queue = await (await app.as(staff, '/staff/comments?status=pending')).json();
    expect(queue.comments).toMatchObject([
      { id: posted.body.comment.id, body: 'عالی بود', author: 'آرش', status: 'pending' },
    ]);

    const approved = await moderate(posted.body.comment.id, 'approve');
    expect(await approved.json()).toEqual({
      message: 'The comment was approved and published.',
      comment: { id: posted.body.comment.id, status: 'approved' },
    });
    expect((await list()).comments).toEqual([
      {
        id: posted.body.comment.id,
        author: 'آرش',
        body: 'عالی بود',
        created_at: expect.any(String),
        likes: 0,
        dislikes: 0,
        reaction: null,
        replies: [],
      },
    ]);
    expect((await (await app.as(staff, '/staff/comments')).json()).comments).toEqual([]);
  });

  it('keeps rejected comments out', async () => {
    const posted = await post({ body: 'spam' }, other);
    const rejected = await moderate(posted.body.comment.id, 'reject');
    expect((await rejected.json()).comment.status).toBe('rejected');
    expect((await list(1, other)).comments).toEqual([]);
    const queue = await (await app.as(staff, '/staff/comments?status=rejected')).json();
    expect(queue.comments.map((comment: { id: number }) => comment.id)).toEqual([posted.body.comment.id]);
  });

  it('lists newest first, ten a page', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 11; index++) {
      const posted = await post({ body: `نظر ${index}` }, other);
      ids.push(posted.body.comment.id);
      await moderate(posted.body.comment.id, 'approve');
    }
    const first = await list(1, other);
    expect(first.comments.map((comment) => comment.id)).toEqual(ids.slice(1).reverse());
    expect(first.has_more).toBe(true);
    const second = await list(2, other);
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(second.comments.map((comment) => comment.id)).toEqual([ids[0]]);
  });

  it('nests approved replies one level deep; a reply to a reply joins its top comment', async () => {
    const top = (await list()).comments[0]?.id ?? 0;
    const reply = await post({ body: 'پاسخ', parent_id: top });
    await moderate(reply.body.comment.id, 'approve');
    const nested = await post({ body: 'پاسخ به پاسخ', parent_id: reply.body.comment.id });
    await moderate(nested.body.comment.id, 'approve');
    const pending = await post({ body: 'هنوز بررسی نشده', parent_id: top });

    const [comment] = (await list()).comments;
    expect(comment?.replies.map((entry) => [entry.id, entry.body])).toEqual([
      [reply.body.comment.id, 'پاسخ'],
      [nested.body.comment.id, 'پاسخ به پاسخ'],
    ]);
    expect(comment?.replies.every((entry) => !('replies' in entry))).toBe(true);
    // A reply names an approved comment of the same title.
    expect((await post({ body: 'x', parent_id: pending.body.comment.id })).status).toBe(422);
    expect((await post({ body: 'x', parent_id: top }, other)).status).toBe(422);
  });

  it('toggles exclusive reactions on approved comments only, and shows the viewer their own', async () => {
    const top = (await list()).comments[0]?.id ?? 0;
    const like = await app.as(viewer, `/comments/${top}/like-toggle`, { method: 'POST' });
    expect(await like.json()).toEqual({ likes: 1, dislikes: 0, reaction: 'like' });
    const dislike = await app.as(staff, `/comments/${top}/dislike-toggle`, { method: 'POST' });
    expect(await dislike.json()).toEqual({ likes: 1, dislikes: 1, reaction: 'dislike' });
    expect(
      await (await app.as(viewer, `/comments/${top}/dislike-toggle`, { method: 'POST' })).json(),
    ).toEqual({
      likes: 0,
      dislikes: 2,
      reaction: 'dislike',
    });
    const mine = await (await app.as(viewer, `/products/${film}/comments`)).json();
    expect(mine.comments[0]).toMatchObject({ id: top, likes: 0, dislikes: 2, reaction: 'dislike' });
    expect((await app.request(`/comments/${top}/like-toggle`, { method: 'POST' })).status).toBe(401);
    const pending = await post({ body: 'منتظر' });
    expect(
      (await app.as(viewer, `/comments/${pending.body.comment.id}/like-toggle`, { method: 'POST' })).status,
    ).toBe(404);
  });

  it('limits posting to five comments in ten minutes per account', async () => {
    app.clock.advance(600);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const res = await app.as(viewer, `/products/${film}/comments`, { json: { body: `سریع ${index}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    app.clock.advance(600);
  });

  it('keeps moderation to staff: 403 for a viewer, 401 anonymous, 404 for an unknown comment', async () => {
    const refused = await app.as(viewer, '/staff/comments', { headers: { 'accept-language-site': 'en' } });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('You are not allowed to do this.');
    expect((await moderate(1, 'approve', viewer)).status).toBe(403);
    expect((await app.request('/staff/comments')).status).toBe(401);
    expect((await app.request('/staff/comments/1/approve', { method: 'POST' })).status).toBe(401);
    expect((await moderate(999_999, 'reject')).status).toBe(404);
    expect((await app.request(`/products/999999/comments`)).status).toBe(404);
    expect((await app.as(viewer, '/products/999999/comments', { json: { body: 'x' } })).status).toBe(404);
  });
});
