import { describe, expect, it } from 'vitest';
import { parseAttribution } from '~/shared/growth';

describe('parseAttribution: the X-Attribution header as the server records it', () => {
  it('reads the tags, the landing and the referring host, lower-cased', () => {
    expect(
      parseAttribution(
        'utm_campaign=Nowruz-1405&utm_source=Instagram&utm_medium=social&landing=landing1&referrer=l.instagram.com',
      ),
    ).toEqual({
      campaign: 'nowruz-1405',
      source: 'instagram',
      medium: 'social',
      landing: 'landing1',
      referrer: 'l.instagram.com',
    });
    expect(parseAttribution('utm_campaign=%D9%86%D9%88%D8%B1%D9%88%D8%B2')).toMatchObject({
      campaign: 'نوروز',
    });
  });

  it('is null without a campaign, for values that are not tags, and for oversized headers', () => {
    for (const header of [
      undefined,
      '',
      'utm_source=google',
      'utm_campaign=two words',
      'utm_campaign=x&landing=../etc',
      'utm_campaign=x&referrer=https://example.com/path',
      `utm_campaign=${'a'.repeat(101)}`,
      `utm_campaign=x&utm_source=${'a'.repeat(1100)}`,
    ]) {
      expect(parseAttribution(header), String(header)).toBeNull();
    }
  });
});
