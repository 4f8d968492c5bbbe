import type { Localized } from '../../lib/locale';
import { notFound } from '../errors';

/**
 * Default profile pictures for viewers who upload none: simple portraits drawn here as SVG, so they
 * need no asset pipeline and stay crisp at any size. Ids are stable; profiles store them.
 */

type HairStyle = 'short' | 'long' | 'bun' | 'cap';

interface AvatarLook {
  id: number;
  title: Localized;
  background: string;
  shirt: string;
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  glasses: boolean;
}

const looks: readonly AvatarLook[] = [
  {
    id: 1,
    title: { fa: 'فیروزه‌ای', en: 'Turquoise' },
    background: '#99f6e4',
    shirt: '#0f766e',
    skin: '#f1c7a0',
    hair: '#3f2a1d',
    hairStyle: 'short',
    glasses: false,
  },
  {
    id: 2,
    title: { fa: 'زعفرانی', en: 'Saffron' },
    background: '#fde68a',
    shirt: '#b45309',
    skin: '#e0ac7e',
    hair: '#1f1a17',
    hairStyle: 'long',
    glasses: false,
  },
  {
    id: 3,
    title: { fa: 'انار', en: 'Pomegranate' },
    background: '#fecdd3',
    shirt: '#be123c',
    skin: '#c68a5e',
    hair: '#2b1b12',
    hairStyle: 'cap',
    glasses: false,
  },
  {
    id: 4,
    title: { fa: 'لاجوردی', en: 'Lapis' },
    background: '#bfdbfe',
    shirt: '#1d4ed8',
    skin: '#f5d0b0',
    hair: '#6b4226',
    hairStyle: 'bun',
    glasses: true,
  },
  {
    id: 5,
    title: { fa: 'پسته‌ای', en: 'Pistachio' },
    background: '#d9f99d',
    shirt: '#4d7c0f',
    skin: '#8d5a3b',
    hair: '#111111',
    hairStyle: 'short',
    glasses: true,
  },
  {
    id: 6,
    title: { fa: 'یاسی', en: 'Lilac' },
    background: '#e9d5ff',
    shirt: '#7e22ce',
    skin: '#f1c7a0',
    hair: '#a0522d',
    hairStyle: 'long',
    glasses: true,
  },
  {
    id: 7,
    title: { fa: 'نارنجی', en: 'Orange' },
    background: '#fed7aa',
    shirt: '#c2410c',
    skin: '#d9a066',
    hair: '#3b2416',
    hairStyle: 'bun',
    glasses: false,
  },
  {
    id: 8,
    title: { fa: 'خاکستری', en: 'Slate' },
    background: '#e2e8f0',
    shirt: '#334155',
    skin: '#b97a56',
    hair: '#9ca3af',
    hairStyle: 'short',
    glasses: true,
  },
  {
    id: 9,
    title: { fa: 'آسمانی', en: 'Sky' },
    background: '#bae6fd',
    shirt: '#0369a1',
    skin: '#e8b48a',
    hair: '#2a1c14',
    hairStyle: 'cap',
    glasses: true,
  },
  {
    id: 10,
    title: { fa: 'گلبهی', en: 'Coral' },
    background: '#ffe4e6',
    shirt: '#e11d48',
    skin: '#6f4530',
    hair: '#0b0b0b',
    hairStyle: 'long',
    glasses: false,
  },
  {
    id: 11,
    title: { fa: 'زیتونی', en: 'Olive' },
    background: '#ecfccb',
    shirt: '#3f6212',
    skin: '#f3cfb0',
    hair: '#d4a373',
    hairStyle: 'short',
    glasses: false,
  },
  {
    id: 12,
    title: { fa: 'شبرنگ', en: 'Midnight' },
    background: '#c7d2fe',
    shirt: '#312e81',
    skin: '#a86b45',
    hair: '#1c1917',
    hairStyle: 'bun',
    glasses: true,
  },
];

const hairBehind: Partial<Record<HairStyle, string>> = {
  long: 'M36 62 Q34 30 64 30 Q94 30 92 62 L94 96 Q84 90 84 64 L44 64 Q44 90 34 96 Z',
  bun: 'M64 16 a11 11 0 1 1 -0.1 0 Z',
};

const hairOnTop: Record<HairStyle, string> = {
  short: 'M41 58 Q38 32 64 32 Q90 32 87 58 Q82 44 64 44 Q46 44 41 58 Z',
  long: 'M41 58 Q40 34 64 34 Q88 34 87 58 Q74 42 52 46 Q45 50 41 58 Z',
  bun: 'M41 58 Q40 33 64 33 Q88 33 87 58 Q80 42 64 42 Q48 42 41 58 Z',
  cap: 'M39 54 Q40 30 64 30 Q88 30 89 54 Z M60 50 H102 Q98 57 88 57 H60 Z',
};

function drawAvatar(look: AvatarLook): string {
  const behind = hairBehind[look.hairStyle];
  const glasses = look.glasses
    ? '<g fill="none" stroke="#1f2937" stroke-width="2"><circle cx="55" cy="61" r="7"/><circle cx="73" cy="61" r="7"/><path d="M62 61 H66"/></g>'
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128">`,
    `<title>${look.title.en}</title>`,
    `<circle cx="64" cy="64" r="64" fill="${look.background}"/>`,
    behind ? `<path d="${behind}" fill="${look.hair}"/>` : '',
    `<path d="M22 128 Q22 94 64 94 Q106 94 106 128 Z" fill="${look.shirt}"/>`,
    `<rect x="57" y="76" width="14" height="20" rx="6" fill="${look.skin}"/>`,
    `<circle cx="64" cy="60" r="23" fill="${look.skin}"/>`,
    `<path d="${hairOnTop[look.hairStyle]}" fill="${look.hair}"/>`,
    `<circle cx="55" cy="61" r="2.6" fill="#1f2937"/><circle cx="73" cy="61" r="2.6" fill="#1f2937"/>`,
    `<path d="M56 71 Q64 78 72 71" fill="none" stroke="#1f2937" stroke-width="2.4" stroke-linecap="round"/>`,
    glasses,
    '</svg>',
  ].join('');
}

export interface DefaultAvatar {
  id: number;
  title: Localized;
}

export function listDefaultAvatars(): DefaultAvatar[] {
  return looks.map(({ id, title }) => ({ id, title }));
}

export function defaultAvatarSvg(id: number): string {
  const look = looks.find((candidate) => candidate.id === id);
  if (!look) throw notFound('avatar_not_found');
  return drawAvatar(look);
}

export function defaultAvatarPath(id: number): string {
  return `/api/v1/core/default-avatars/${id}.svg`;
}
