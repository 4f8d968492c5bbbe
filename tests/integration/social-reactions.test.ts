import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productReactions } from '~/server/db/schema';
import { startAccountsApp, type AccountsApp } from './accounts';
import { databaseUnderTest } from './harness';
import { insertProducts } from './social-fixtures';

describe(`product reactions on ${databaseUnderTest}`, () => {
  let app: AccountsApp;
  let tokens: string[];
  let film = 0;
  beforeAll(async () => {
    app = await startAccountsApp();
    [film = 0] = await insertProducts(app, ['react-1']);
    tokens = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const phone = `0912666${String(index).padStart(4, '0')}`;
        return (await app.signUp(phone)).token;
      }),
    );
  });
  afterAll(() => app.close());

  const react = async (token: string, reaction: 'like' | 'dislike', id = film) => {
    const res = await app.as(token, `/products/${id}/${reaction}-toggle`, { method: 'POST' });
    return { status: res.status, body: await res.json() };
  };

  it('makes like and dislike exclusive, and a second tap takes the reaction back', async () => {
    const [me = ''] = tokens;
    expect(await react(me, 'like')).toEqual({
      status: 200,
      body: { likes: 1, dislikes: 0, reaction: 'like' },
    });
    expect((await react(me, 'dislike')).body).toEqual({ likes: 0, dislikes: 1, reaction: 'dislike' });
    expect((await react(me, 'dislike')).body).toEqual({ likes: 0, dislikes: 0, reaction: null });
    expect((await react(me, 'like')).body).toEqual({ likes: 1, dislikes: 0, reaction: 'like' });
    const anonymous = await app.request(`/products/${film}/reactions`);
    expect(await anonymous.json()).toEqual({ likes: 1, dislikes: 0, reaction: null });
    expect(await (await app.as(me, `/products/${film}/reactions`)).json()).toEqual({
      likes: 1,
      dislikes: 0,
      reaction: 'like',
    });
    expect((await react(me, 'like')).body.reaction).toBeNull();
  });

  it('refuses anonymous toggles and unknown titles', async () => {
    const anonymous = await app.request(`/products/${film}/like-toggle`, {
      method: 'POST',
      headers: { 'accept-language-site': 'en' },
    });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe('Please log in first.');
    expect((await react(tokens[0] ?? '', 'like', 999_999)).status).toBe(404);
    expect((await app.request('/products/999999/reactions')).status).toBe(404);
  });

  it('keeps counts exact under 40 concurrent toggles from 20 users', async () => {
    // Every user taps like and dislike at once: whichever lands last wins, but each user ends with
    // exactly one reaction and the counts must match the rows.
    const answers = await Promise.all(
      tokens.flatMap((token) => [react(token, 'like'), react(token, 'dislike')]),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const rows = await app.ctx.database.db
      .select()
      .from(productReactions)
      .where(eq(productReactions.targetId, film));
    expect(rows).toHaveLength(20);
    const likes = rows.filter((row) => row.reaction === 'like').length;
    const totals = await (await app.request(`/products/${film}/reactions`)).json();
    expect(totals).toEqual({ likes, dislikes: 20 - likes, reaction: null });
    const own = await Promise.all(
      tokens.map(
        async (token) => (await (await app.as(token, `/products/${film}/reactions`)).json()).reaction,
      ),
    );
    expect(own.filter((reaction) => reaction === 'like')).toHaveLength(likes);

    // A second round of two likes each, applied one after the other per user: a like is taken back
    // and given again, a dislike becomes a like and is taken back. Lost updates would break this.
    await Promise.all(tokens.flatMap((token) => [react(token, 'like'), react(token, 'like')]));
    expect(await (await app.request(`/products/${film}/reactions`)).json()).toEqual({
      likes,
      dislikes: 0,
      reaction: null,
    });
  });
});
