import type { z } from 'zod';
import type { Locale } from '../lib/locale';
import { isMessageKey, translate, type Message } from './messages';

type Issue = z.core.$ZodIssue;

/** Field errors before translation, keyed by the dotted path of the field ("" for the whole payload). */
export type FieldMessages = Record<string, Message[]>;

/**
 * Custom checks name their message in `params.message` (a catalogue key), so the same schema yields
 * Persian or English text depending on who asks.
 */
export function customIssue(message: Message['key']): { params: { message: Message['key'] } } {
  return { params: { message } };
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * What a zod issue means to the person filling the form. Zod 4 drops the offending input from its
 * issues, so "missing" is told apart from "wrong type" by looking the field up in the raw input.
 */
const couldBeMissing = new Set<Issue['code']>(['invalid_type', 'invalid_value', 'invalid_union']);

export function messageForIssue(issue: Issue, input: unknown): Message {
  if (couldBeMissing.has(issue.code) && isBlank(valueAt(input, issue.path))) return { key: 'required' };
  switch (issue.code) {
    case 'invalid_type':
      return {
        key: issue.expected === 'number' || issue.expected === 'int' ? 'invalid_number' : 'invalid_value',
      };
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? { key: 'required' } : { key: 'too_short', params: { count: min } };
      }
      if (issue.origin === 'array' && min <= 1) return { key: 'required' };
      return { key: 'too_small', params: { min } };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return issue.origin === 'string'
        ? { key: 'too_long', params: { count: max } }
        : { key: 'too_big', params: { max } };
    }
    case 'invalid_format':
      return { key: issue.format === 'email' ? 'invalid_email' : 'invalid_format' };
    case 'invalid_value':
      return { key: 'invalid_choice' };
    case 'custom': {
      const key: unknown = issue.params?.['message'];
      return { key: isMessageKey(key) ? key : 'invalid_value' };
    }
    default:
      return { key: 'invalid_value' };
  }
}

export function fieldMessagesOf(error: z.ZodError, input: unknown): FieldMessages {
  const fields: FieldMessages = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    const message = messageForIssue(issue, input);
    const list = (fields[field] ??= []);
    if (!list.some((known) => known.key === message.key)) list.push(message);
  }
  // An empty field also fails its format checks; "required" is the only useful thing to say then.
  for (const [field, messages] of Object.entries(fields)) {
    if (messages.some((m) => m.key === 'required')) fields[field] = [{ key: 'required' }];
  }
  return fields;
}

/**
 * C0 control characters and DEL, except tab, line feed and carriage return (which text areas send).
 * PostgreSQL refuses NUL in text outright, and none of the others is ever typed by a person.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const controlCharacter = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Every string in an accepted payload (and every key of its objects) that holds a control character,
 * by field: one rule for all text that comes in, checked after the route's own schema.
 */
export function controlCharacterFields(value: unknown): FieldMessages {
  const fields: FieldMessages = {};
  const visit = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (controlCharacter.test(node)) fields[path.join('.')] = [{ key: 'control_characters' }];
      return;
    }
    // Only what JSON, a query string or a form holds: files, dates and the like carry no text.
    if (typeof node !== 'object' || node === null) return;
    if (!Array.isArray(node) && Object.getPrototypeOf(node) !== Object.prototype) return;
    for (const [key, item] of Object.entries(node as object)) {
      visit(controlCharacter.test(key) ? key : item, [...path, key]);
    }
  };
  visit(value, []);
  return fields;
}

/** The `errors` map of the API error body, for a zod failure, in one language. */
export function localizedFieldErrors(
  error: z.ZodError,
  input: unknown,
  locale: Locale,
): Record<string, string[]> {
  const fields = fieldMessagesOf(error, input);
  return Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((m) => translate(m, locale))]),
  );
}
