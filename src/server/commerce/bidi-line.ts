import bidiFactory from 'bidi-js';

const bidi = bidiFactory();

/** One word or space of a line, in the order it is drawn from left to right. */
export interface VisualPiece {
  /** The piece's characters in reading order (what a reader, or a text extractor, should get back). */
  text: string;
  /** What to hand pdfkit so that its glyphs come out in the right order (see visualPieces). */
  feed: string;
  space: boolean;
  /** Where the piece starts in the line as written: drawing pieces in this order keeps them in reading order for text extractors. */
  start: number;
}

const arabicScript = /\p{Script=Arabic}/u;
const invisible = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const reversed = (text: string) => [...text].reverse().join('');

/**
 * Splits one line of mixed Persian, Latin and digits into words and spaces in visual order, by the
 * Unicode Bidirectional Algorithm (bidi-js) with the paragraph's base direction.
 *
 * pdfkit shapes each space-separated word on its own through fontkit, which lays a word out right to
 * left when its first character of a script is Arabic script, else left to right, and draws the words
 * in the order given. So the line is cut into words of one embedding level, placed left to right here;
 * a left-to-right word is cut again where Arabic-script characters (Persian digits, ٬ ٫ ٪) meet others
 * (Latin, + and -), and a piece whose wanted direction (its level) differs from fontkit's is handed over
 * reversed: Persian digits (left to right, yet Arabic script) and a neutral run such as "(:" inside
 * Persian. Letters that join are never reversed: they are Arabic script at an odd level. Mirrored
 * characters (brackets) are swapped at odd levels, as the algorithm says.
 */
export function visualPieces(line: string, base: 'rtl' | 'ltr'): VisualPiece[] {
  const chars = [...line];
  if (chars.length !== line.length) throw new Error('visualPieces: characters outside the BMP');
  const levels = bidi.getEmbeddingLevels(line, base);
  const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
  const shown = chars.map((char, index) => mirrored.get(index) ?? char);
  const order = chars.map((_, index) => index);
  for (const [start, end] of bidi.getReorderSegments(line, levels)) {
    order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
  }
  const rtlAt = (index: number) => (levels.levels[index] ?? 0) % 2 === 1;
  /** What keeps characters in one piece: their level, being a space, and (left to right) their script. */
  const classOf = (index: number) => {
    const char = chars[index]!;
    if (/\s/.test(char)) return 'space';
    return rtlAt(index) || !arabicScript.test(char) ? 'ink' : 'arabic';
  };
  const pieces: VisualPiece[] = [];
  let group: number[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const logical = [...group].sort((a, b) => a - b);
    const text = logical.map((index) => chars[index]).join('');
    const glyphs = logical.map((index) => shown[index]).join('');
    const space = classOf(logical[0]!) === 'space';
    // fontkit reverses a word whose first scripted character is Arabic script (and nothing else).
    const fontkitReverses = arabicScript.test(text);
    const reverse = !space && rtlAt(logical[0]!) !== fontkitReverses;
    pieces.push({ start: logical[0]!, text, feed: reverse ? reversed(glyphs) : glyphs, space });
    group = [];
  };
  for (const index of order) {
    // Directional marks and isolates steer the algorithm and are not drawn.
    if (invisible.test(chars[index]!)) continue;
    const previous = group.at(-1);
    if (
      previous !== undefined &&
      (levels.levels[previous] !== levels.levels[index] || classOf(previous) !== classOf(index))
    ) {
      flush();
    }
    group.push(index);
  }
  flush();
  return pieces;
}

/** Left-to-right isolate around `text`: a value (an id, a phone, a card) keeps its own order in Persian. */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}
