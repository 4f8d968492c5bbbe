/**
 * An approximate Latin spelling of a Persian place name, for places without an English name of record.
 *
 * Persian script leaves most short vowels unwritten, so no rule can recover "Kerman" from «کرمان»
 * (this gives "Karman"). The rules aim at something readable and pronounceable: letters map to their
 * common English romanisation, «و» and «ی» become vowels between consonants, a final «ه» after a
 * consonant is "eh", and an "a" is inserted where a word would otherwise start with two consonants or
 * pile up three. Names that matter have a hand-written English name instead (place-names.ts).
 */

const consonants: Readonly<Record<string, string>> = {
  ب: 'b',
  پ: 'p',
  ت: 't',
  ث: 's',
  ج: 'j',
  چ: 'ch',
  ح: 'h',
  خ: 'kh',
  د: 'd',
  ذ: 'z',
  ر: 'r',
  ز: 'z',
  ژ: 'zh',
  س: 's',
  ش: 'sh',
  ص: 's',
  ض: 'z',
  ط: 't',
  ظ: 'z',
  غ: 'gh',
  ف: 'f',
  ق: 'q',
  ک: 'k',
  گ: 'g',
  ل: 'l',
  م: 'm',
  ن: 'n',
  ئ: 'y',
};

/** Arabic code points that Persian text often carries instead of the Persian ones. */
const persianForms: Readonly<Record<string, string>> = {
  ي: 'ی',
  ى: 'ی',
  ك: 'ک',
  ة: 'ه',
  أ: 'ا',
  إ: 'ا',
  ؤ: 'و',
};

interface Sound {
  latin: string;
  kind: 'consonant' | 'vowel' | 'other';
}

const isVowelLetter = (letter: string | undefined) => letter === 'ا' || letter === 'آ';

function soundsOf(word: string): Sound[] {
  const letters = [...word];
  const sounds: Sound[] = [];
  const consonant = (latin: string) => sounds.push({ latin, kind: 'consonant' });
  const vowel = (latin: string) => sounds.push({ latin, kind: 'vowel' });
  for (let i = 0; i < letters.length; i++) {
    const letter = letters[i] as string;
    const next = letters[i + 1];
    const previous = sounds.at(-1);
    const afterConsonant = previous?.kind === 'consonant';
    const atStart = sounds.length === 0;
    if (letter in consonants) {
      consonant(consonants[letter] as string);
    } else if (letter === 'آ') {
      vowel('a');
    } else if (letter === 'ا') {
      // A word-initial alef only carries the vowel written after it.
      const carried = atStart ? ({ ی: 'i', و: 'u' } as Record<string, string>)[next ?? ''] : undefined;
      vowel(carried ?? 'a');
      if (carried) i++;
    } else if (letter === 'و') {
      if (!atStart && afterConsonant && !isVowelLetter(next)) vowel('u');
      else consonant('v');
    } else if (letter === 'ی') {
      if (atStart || !afterConsonant) consonant('y');
      else if (isVowelLetter(next)) vowel('iy');
      else vowel('i');
    } else if (letter === 'ه') {
      if (next !== undefined) consonant('h');
      else if (previous?.kind === 'vowel' && (previous.latin === 'a' || previous.latin === 'u'))
        consonant('h');
      else vowel('eh');
    } else if (letter === 'ع') {
      if (atStart || afterConsonant) vowel('a');
    } else {
      sounds.push({ latin: letter, kind: 'other' });
    }
  }
  return sounds;
}

/** Consonant pairs a Persian word commonly ends with ("-and", "-ard", "-asht", ...). */
const finalClusters = new Set(
  'nd rd rt rg rz rs rm rk rf rb rn st sht zd ft kht sk shk ng nj ld lt hr'.split(' '),
);

/** Breaks unpronounceable consonant runs with an "a" (see the module comment). */
function withHelperVowels(sounds: Sound[]): string {
  const out = [...sounds];
  const helper: Sound = { latin: 'a', kind: 'vowel' };
  if (out[0]?.kind === 'consonant' && out[1]?.kind === 'consonant') out.splice(1, 0, helper);
  // Walk the consonant runs from the end, so insertions never shift a run still to be visited.
  let runEnd = out.length;
  for (let i = out.length - 1; i >= -1; i--) {
    if (i >= 0 && out[i]?.kind === 'consonant') continue;
    const runStart = i + 1;
    const atWordEnd = runEnd === out.length;
    let end = runEnd;
    while (end - runStart >= (atWordEnd && end === runEnd ? 2 : 3)) {
      const lastTwo = `${out[end - 2]?.latin}${out[end - 1]?.latin}`;
      const keepPair = atWordEnd && end === runEnd && finalClusters.has(lastTwo);
      if (keepPair && end - runStart === 2) break;
      const at = keepPair ? end - 2 : end - 1;
      out.splice(at, 0, helper);
      end = at;
    }
    runEnd = i;
  }
  return out.map((sound) => sound.latin).join('');
}

export function romanizePersian(text: string): string {
  const normalised = [...text.normalize('NFC')]
    .map((ch) => persianForms[ch] ?? ch)
    .join('')
    .replace(/[\u064b-\u0652\u0640]/g, '')
    .replace(/\u200c/g, ' ');
  return normalised
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const latin = withHelperVowels(soundsOf(word));
      return latin.replace(/[a-z]/, (first) => first.toUpperCase());
    })
    .join(' ');
}
