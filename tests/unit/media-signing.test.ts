import { describe, expect, it } from 'vitest';
import { classifyMediaPath } from '~/server/media/files';
import { signToken, verifyToken, type MediaToken } from '~/server/media/signing';

const secret = 'unit-test-secret-unit-test-secret-0123';
const now = new Date('2026-03-21T08:00:00Z');
const token: MediaToken = {
  asset: 'bars',
  productId: 12,
  sessionId: 7,
  ticketSessionId: null,
  scope: 'full',
  exp: now.getTime() / 1000 + 60,
  live: null,
};

describe('media URL tokens', () => {
  it('round-trips every field, live windows included, in one URL-safe path segment', () => {
    const live = { ...token, ticketSessionId: 3, live: { start: 1_774_080_000, end: 1_774_087_200 } };
    const text = signToken(secret, live);
    expect(text).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyToken(secret, text, now)).toEqual({ ok: true, token: live });
  });

  it('expires at exp and not a second before', () => {
    const text = signToken(secret, token);
    expect(verifyToken(secret, text, new Date(now.getTime() + 59_999)).ok).toBe(true);
    expect(verifyToken(secret, text, new Date(now.getTime() + 60_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a changed payload, a changed or cut signature, another secret and junk', () => {
    const text = signToken(secret, token);
    const [payload = '', signature = ''] = text.split('.');
    const otherPayload = signToken(secret, { ...token, productId: 13 }).split('.')[0];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    for (const bad of [
      `${otherPayload}.${signature}`,
      `${payload}.${flipped}`,
      `${payload}.${signature.slice(0, 20)}`,
      `${payload}.${signature}.x`,
      payload,
      '',
      '...',
    ]) {
      expect(verifyToken(secret, bad, now), bad).toEqual({ ok: false, reason: 'tampered' });
    }
    expect(verifyToken('another-secret-another-secret-000000', text, now)).toEqual({
      ok: false,
      reason: 'tampered',
    });
  });

  it('an expired token that was also tampered with is reported as tampered', () => {
    const text = signToken(secret, { ...token, exp: 1 });
    expect(verifyToken(secret, `${text}x`, now)).toEqual({ ok: false, reason: 'tampered' });
  });
});

describe('media file allow-list', () => {
  it('serves the package files by kind', () => {
    expect(classifyMediaPath('master.m3u8', 'full')).toBe('master');
    expect(classifyMediaPath('v1080/index.m3u8', 'full')).toBe('variant');
    expect(classifyMediaPath('v360/seg00012.mpegts', 'full')).toBe('segment');
    expect(classifyMediaPath('subs/fa.m3u8', 'full')).toBe('subtitle-playlist');
    expect(classifyMediaPath('subs/en.vtt', 'full')).toBe('vtt');
    expect(classifyMediaPath('thumbs/thumbs.vtt', 'full')).toBe('vtt');
    expect(classifyMediaPath('thumbs/sprite.jpg', 'full')).toBe('image');
    expect(classifyMediaPath('trailer/v720/seg00001.mpegts', 'trailer')).toBe('segment');
    expect(classifyMediaPath('audio/fa-dub/index.m3u8', 'full')).toBe('variant');
    expect(classifyMediaPath('audio/en-original/seg00003.mpegts', 'full')).toBe('segment');
    expect(classifyMediaPath('audio/en-description/seg00000.mpegts', 'full')).toBe('segment');
  });

  it('names nothing else: keys, manifests, directories, traversal, other languages', () => {
    for (const file of [
      'key.bin',
      'key',
      'package.json',
      '',
      'v360/',
      'v360',
      '../bars/key.bin',
      'v360/../key.bin',
      'v360/seg00001.mpegts/',
      'v360/seg1.mpegts',
      'subs/de.vtt',
      'thumbs/sprite.png',
      '/master.m3u8',
      'master.m3u8%00',
      'audio/fa-dub/key.bin',
      'audio/fa-remix/index.m3u8',
      'audio/../key.bin',
    ]) {
      expect(classifyMediaPath(file, 'full'), file).toBeNull();
    }
  });

  it('a trailer token reaches the trailer ladder only', () => {
    expect(classifyMediaPath('trailer/master.m3u8', 'trailer')).toBe('master');
    expect(classifyMediaPath('master.m3u8', 'trailer')).toBeNull();
    expect(classifyMediaPath('v360/seg00000.mpegts', 'trailer')).toBeNull();
    expect(classifyMediaPath('thumbs/sprite.jpg', 'trailer')).toBeNull();
    expect(classifyMediaPath('audio/fa-dub/index.m3u8', 'trailer')).toBeNull();
  });
});
