// Values and request bodies the fuzz test sends: what a schema field expects, read from its zod
// definition, and junk no field expects (types, sizes, nesting, encodings, damaged multipart).

export interface Def {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: unknown;
}
export const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** The definition under optional, nullable, default and transform wrappers. */
export function core(schema: unknown): Def {
  let def = defOf(schema);
  for (;;) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe' && def.in) def = defOf(def.in);
    else return def;
  }
}

/** The fields of an object schema, of every branch of a union. */
export function fieldsOf(schema: unknown): Record<string, Def> {
  if (!schema) return {};
  const def = core(schema);
  if (def.type === 'object') {
    return Object.fromEntries(Object.entries(def.shape ?? {}).map(([k, s]) => [k, core(s)]));
  }
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(fieldsOf));
  return {};
}

export const MB = 'x'.repeat(1024 * 1024);
export const deep = (n: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
  return v;
};
/** Values no field expects: other types, sizes, nesting and characters text cannot hold. */
export const JUNK: unknown[] = [
  null,
  true,
  -1,
  0.5,
  1e308,
  -(2 ** 60),
  'not-a-number',
  '',
  '   ',
  MB,
  'y'.repeat(100_000),
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '😀𝕏ñ\u202e',
  '../../etc/passwd',
  '%',
  '%00',
  "' OR 1=1 --",
  '99999999999999999999999',
  '1e309',
  'NaN',
  '-1',
  '00000000-0000-0000-0000-000000000000',
  '7b0f3a52-1c1e-4b7e-9f7a-3c2d1e0f9a8b',
  [],
  [1, 'a', null, {}],
  {},
  { nested: { a: [1] } },
  deep(200),
  Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, i])),
];
/** Text for paths and queries: encodings, lengths, traversal, numbers that do not fit. */
export const JUNK_TEXT = [
  '%',
  '%25',
  '%ZZ',
  '%00',
  '%C0%AF',
  '%FF%FE',
  '%ED%A0%80',
  '..',
  '%2e%2e',
  '..%2F..%2Fetc%2Fpasswd',
  'a'.repeat(5000),
  encodeURIComponent('😀𝕏ñ\u202e'),
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  '7b0f3a52-1c1e-4b7e-9f7a-3c2d1e0f9a8b',
  '__proto__',
  'null',
  '%20',
];

/** Damaged multipart bodies, sent to every endpoint that takes a body (uploads or not). */
export function multipart(): [string, Record<string, string>, Buffer][] {
  const b = 'fuzz-boundary';
  const type = { 'content-type': `multipart/form-data; boundary=${b}` };
  const filePart = (name: string, bytes: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${bytes}\r\n`;
  const field = (name: string, value: string) =>
    `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const whole = `${field('type', 'message')}${filePart('file', '\xff\xd8\xff\xe0 not really a jpeg')}--${b}--\r\n`;
  const bytes = (s: string) => Buffer.from(s, 'latin1');
  return [
    ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, bytes(whole)],
    [
      'multipart with a wrong boundary',
      { 'content-type': 'multipart/form-data; boundary=other' },
      bytes(whole),
    ],
    ['multipart cut short', type, bytes(whole.slice(0, whole.length - 30))],
    ['multipart cut in the headers', type, bytes(whole.slice(0, 40))],
    ['multipart empty', type, Buffer.alloc(0)],
    ['multipart of junk', type, bytes('hello world')],
    ['multipart without a file', type, bytes(`${field('type', 'message')}--${b}--\r\n`)],
    ['multipart file of another name', type, bytes(`${filePart('photo', 'abc')}--${b}--\r\n`)],
    ['multipart of two files', type, bytes(`${filePart('file', 'a')}${filePart('file', 'b')}--${b}--\r\n`)],
    [
      'multipart with an unknown type',
      type,
      bytes(`${field('type', 'junk')}${filePart('file', 'a')}--${b}--\r\n`),
    ],
    ['multipart field over its size', type, bytes(`${field('md5', 'x'.repeat(5000))}--${b}--\r\n`)],
    ['multipart of many parts', type, bytes(`${field('a', '1').repeat(50)}--${b}--\r\n`)],
    ['multipart __proto__ field', type, bytes(`${field('__proto__', 'x')}--${b}--\r\n`)],
    [
      'multipart JSON field that is not JSON',
      type,
      bytes(
        `--${b}\r\nContent-Disposition: form-data; name="j"\r\nContent-Type: application/json\r\n\r\n{nope\r\n--${b}--\r\n`,
      ),
    ],
    ['multipart part without headers', type, bytes(`--${b}\r\n\r\nbody\r\n--${b}--\r\n`)],
    [
      'multipart with invalid UTF-8 names',
      type,
      Buffer.concat([
        bytes(`--${b}\r\nContent-Disposition: form-data; name="`),
        Buffer.from([0xc3, 0x28, 0xff]),
        bytes(`"; filename="\xff.jpg"\r\n\r\nx\r\n--${b}--\r\n`),
      ]),
    ],
  ];
}
