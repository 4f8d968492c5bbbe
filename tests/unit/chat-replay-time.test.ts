import { describe, expect, it } from 'vitest';
import { messagesUntil, type ReplayMessage } from '~/islands/screening/replay-time';

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
});
