import { describe, expect, it } from 'vitest';
import { filmTimeOf, messagesUntil, type ReplayMessage } from '~/islands/screening/replay-time';

const message = (id: number, offset: number): ReplayMessage => ({
  id,
  user_id: 1,
  author: 'سارا',
  avatar_url: '/a.svg',
  body: `m${id}`,
  created_at: '2026-03-21T08:00:00Z',
  offset,
});

describe('chat replay', () => {
  const messages = [message(1, -120), message(2, 0), message(3, 42.5), message(4, 600)];
  it('shows the waiting room’s messages at the start and each later one once the film reaches it', () => {
    expect(messagesUntil(messages, 0).map((m) => m.id)).toEqual([1, 2]);
    expect(messagesUntil(messages, 42.4).map((m) => m.id)).toEqual([1, 2]);
    expect(messagesUntil(messages, 42.5).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(messagesUntil(messages, 3600).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('places a message of a looped package’s second run at its moment of the film', () => {
    // A 100 s film in a longer screening: written 130 s after the start, it belongs to 30 s of the film.
    const looped = [message(1, -5), message(2, 10), message(3, 130), message(4, 50)];
    expect(messagesUntil(looped, 29, 100).map((m) => m.id)).toEqual([1, 2]);
    expect(messagesUntil(looped, 30, 100).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(messagesUntil(looped, 99, 100).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    // Seeking back hides what the film has not reached again.
    expect(messagesUntil(looped, 0, 100).map((m) => m.id)).toEqual([1]);
    expect(filmTimeOf(130, Number.POSITIVE_INFINITY)).toBe(130);
  });
});
