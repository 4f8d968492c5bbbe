import enChat from 'virtual:strings/en/chat';
import faChat from 'virtual:strings/fa/chat';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import type { IslandStrings } from './strings';

/** The screening chat and its replay (islands/screening). */
export const chatStrings: IslandStrings = {
  fa: { chat: faChat, errors: faErrors },
  en: { chat: enChat, errors: enErrors },
};
