import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON Schemas of /api/v1/openapi.json: values a schema accepts (so a
 * request gets past validation and reaches the domain and the database), mixed with values it does not
 * (boundaries, wrong types, hostile text), field by field.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

export type Components = Record<string, JsonSchema>;

/** Integers around the edges of what the database and JavaScript hold. */
const boundaryNumbers = fc.constantFrom(
  0,
  -1,
  -0,
  1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 63),
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  0.5,
  1e-7,
);

/** Text that has broken servers: control characters, encodings, markup, paths, SQL, sheer size. */
export const hostileStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'سارا\u0000',
    '\u0001\u0002\u0003',
    '\b\f\v',
    '\u001b[2J',
    'a\u007fb',
    '\r\n',
    '%',
    '%ff',
    '%00',
    '\ud800',
    '\uffff',
    '\u202e\u200f',
    '‍👩‍👩‍👧',
    '۰۹۱۲۱۲۳۴۵۶۷',
    '../../etc/passwd',
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    'NaN',
    'Infinity',
    '-1',
    '1e309',
    '2147483648',
    '0x7fffffff',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.nat({ max: 20_000 }).map((length) => 'x'.repeat(length)),
);

/** Anything JSON can carry, for fields given the wrong type. */
const wrongTypes: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], JSON.parse('{"__proto__": {"admin": true}}') as unknown),
  boundaryNumbers,
  hostileStrings,
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.constant(Array.from({ length: 2000 }, (_, index) => index)),
  fc.nat({ max: 200 }).map((depth) => {
    let nested: unknown = 1;
    for (let level = 0; level < depth; level++) nested = { a: nested };
    return nested;
  }),
);

function resolve(schema: JsonSchema, components: Components): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 10; hops++) {
    current = components[current.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return current;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    case 'ipv4':
      return fc.ipV4();
    case 'ipv6':
      return fc.ipV6();
    case 'uri':
      return fc.webUrl();
    default: {
      const length = { minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) };
      // Any code point now and then (NUL, lone surrogates, right-to-left marks): still a valid string.
      return fc.oneof({ weight: 3, arbitrary: fc.string(length) }, fc.string({ ...length, unit: 'binary' }));
    }
  }
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  const low = Math.min(min, max);
  const high = Math.max(min, max);
  if (integer) {
    const range = { min: Math.ceil(low), max: Math.floor(high) };
    // Small values most of the time: ids of rows that exist, pages that have items.
    const small = { min: range.min, max: Math.min(range.max, Math.max(range.min, 0) + 80) };
    return fc.oneof({ weight: 4, arbitrary: fc.integer(small) }, { weight: 1, arbitrary: fc.integer(range) });
  }
  return fc.double({ min: low, max: high, noNaN: true });
}

/** Values the schema accepts (as far as a JSON Schema says). */
export function validValue(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolve(schema, components);
  if (resolved.const !== undefined) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const choices = resolved.anyOf ?? resolved.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => validValue(choice, components, depth + 1)));
  if (resolved.allOf) {
    const merged = resolved.allOf.map((part) => resolve(part, components));
    return objectFor(
      {
        properties: Object.assign({}, ...merged.map((part) => part.properties ?? {})),
        required: merged.flatMap((part) => part.required ?? []),
      },
      components,
      depth,
    );
  }
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const type =
    types.find((candidate) => candidate !== 'null') ?? (resolved.properties ? 'object' : undefined);
  switch (type) {
    case 'string':
      return stringFor(resolved);
    case 'integer':
      return numberFor(resolved, true);
    case 'number':
      return numberFor(resolved, false);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validValue(resolved.items ?? {}, components, depth + 1), {
            minLength: resolved.minItems ?? 0,
            maxLength: Math.min(resolved.maxItems ?? 3, 3),
          });
    case 'object':
      return objectFor(resolved, components, depth);
    default:
      return wrongTypes;
  }
}

/** Mostly valid, sometimes a boundary, hostile or wrong-typed value. */
export function fuzzedValue(schema: JsonSchema, components: Components, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validValue(schema, components, depth) },
    { weight: 1, arbitrary: boundaryNumbers },
    { weight: 2, arbitrary: hostileStrings },
    { weight: 1, arbitrary: wrongTypes },
  );
}

function objectFor(schema: JsonSchema, components: Components, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant({});
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) {
    fields[name] = fuzzedValue(property, components, depth + 1);
  }
  return fc
    .record(fields, { requiredKeys: Object.keys(properties).filter((name) => required.has(name)) })
    .chain((value) =>
      // Now and then a required field goes missing, or an unknown one comes along.
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(value) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...Object.keys(value), '').map((drop) => {
            const copy: Record<string, unknown> = { ...value };
            delete copy[drop];
            return copy;
          }),
        },
        { weight: 1, arbitrary: wrongTypes.map((extra) => ({ ...value, unexpected: extra })) },
      ),
    );
}
