import fc from 'fast-check';

/** One operation of the OpenAPI document, as much of it as the fuzzer needs. */
export interface Operation {
  method: string;
  /** The document's path, `{name}` for parameters. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the case is, for the failure message. */
  kind: string;
}

interface OpenApiOperation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

export function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
  return Object.entries(paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        pathParams: (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(operation.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      })),
  );
}

/** Routes that read a multipart form themselves (the document shows no body for them), with their fields. */
export const FORM_ROUTES: Record<string, string[]> = {
  'POST /api/social-posts/create/': ['body', 'is_private', 'images[0]'],
  'POST /api/social-profiles/editprofile/': ['first_name', 'last_name', 'username', 'email', 'avatar'],
  'POST /api/social-profiles/editpassword/': ['old_password', 'new_password1', 'new_password2'],
  'POST /ai-lab/upload-vision-images/': ['images[]'],
};

/** Text that has broken servers: NUL, lone surrogates, overlong and odd characters, and plain junk. */
export const nastyText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '\ud83d',
    '\uffff',
    '\u202e',
    '\u00e9\u0301',
    "'; drop table accounts; --",
  ),
  fc.constantFrom('<script>alert(1)</script>', '../../etc/passwd', '%00', '${7*7}', '{{7*7}}', 'null', 'NaN', '-1', '1e309'),
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.string(), fc.constantFrom('\u0000', '\ud800', '\udc00')).map(([text, bad]) => `${text}${bad}${text}`),
  fc.integer({ min: 1_000, max: 70_000 }).map((length) => 'x'.repeat(length)),
);

/** The same without the long strings, for URLs (a URL over 16 KB is only ever a 431). */
const shortNastyText = nastyText.filter((text) => text.length < 300);

/** Any JSON value of any type, for fields that expect one type. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyText,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    2 ** 31,
    2 ** 53 + 1,
    1.5,
    [],
    {},
    [null],
    JSON.parse('{"__proto__":{"admin":true}}') as unknown,
  ),
);

/** Path segments that try to escape their parameter: dots, encoded slashes and NULs, bad encodings, overflows. */
const nastySegment = fc.oneof(
  fc.constantFrom('..', '.', '%2e%2e', '%2E%2E%2F', '..%2F..%2F', '%00', 'a%00b', '%2F', 'a%2Fb', '%252F', '%5C', '%2e'),
  fc.constantFrom('%ED%A0%80', '%C0%AE', '%C0%80', '%FF%FE', '%', '%zz', '%u0000', '%F0%9F%98%80', '%20', '+'),
  fc.constantFrom('-1', '0', '2147483648', '99999999999999999999999', '1e3', '0x10', '1.5', 'null', '__proto__'),
  fc.integer({ min: 190, max: 400 }).map((length) => 'y'.repeat(length)),
  fc.string({ minLength: 1, maxLength: 30 }).map((text) => encodeSegment(text)),
);

/** Percent-encodes a segment; lone surrogates become the (invalid) UTF-8 bytes they would have. */
function encodeSegment(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
}

const boundary = 'fuzzboundary';
/** Multipart bodies a parser may choke on. */
function brokenMultipart(fields: string[]): fc.Arbitrary<{ payload: Buffer; type: string }> {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('file');
  const part = (name: string, value: string, file = false) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a\u0000.png"' : ''}\r\n` +
    `${file ? 'Content-Type: image/png\r\n' : ''}\r\n${value}\r\n`;
  return fc.oneof(
    fc
      .tuple(field, nastyText)
      .map(([name, value]) => ({ payload: Buffer.from(part(name, value)), type: `multipart/form-data; boundary=${boundary}` })),
    fc.tuple(field, nastyText).map(([name, value]) => ({
      payload: Buffer.from(`${part(name, value)}--${boundary}--\r\n`),
      type: 'multipart/form-data',
    })),
    fc.tuple(field, fc.string()).map(([name, value]) => ({
      payload: Buffer.from(`${part(name, value, true)}--${boundary}--\r\n`),
      type: `multipart/form-data; boundary=${boundary}`,
    })),
    fc.tuple(field, fc.uint8Array({ maxLength: 200 })).map(([name, bytes]) => ({
      payload: Buffer.concat([Buffer.from(part(name, '', true).slice(0, -2)), Buffer.from(bytes)]),
      type: `multipart/form-data; boundary=${boundary}`,
    })),
    fc.string().map((junk) => ({ payload: Buffer.from(junk), type: `multipart/form-data; boundary=${boundary}` })),
    fc
      .constantFrom(
        `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\n\r\n\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="${'n'.repeat(5000)}"\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}--\r\n`,
        `--other\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--other--\r\n`,
      )
      .map((text) => ({ payload: Buffer.from(text), type: `multipart/form-data; boundary=${boundary}` })),
  );
}

/** JSON that is not, JSON of the wrong shape, and bodies too big or too deep. */
function badBody(fields: string[]): fc.Arbitrary<{ payload: string | Buffer; type: string | undefined; kind: string }> {
  const json = (kind: string) => (payload: string | Buffer) => ({ payload, type: 'application/json', kind });
  const known = fields.length > 0 ? fc.constantFrom(...fields) : fc.string({ maxLength: 10 });
  const shaped = fc.dictionary(fc.oneof(known, fc.constantFrom('__proto__', 'constructor', '')), wrongValue, { maxKeys: 6 });
  return fc.oneof(
    shaped.map((value) => json('wrong types')(JSON.stringify(value))),
    fc.tuple(shaped, fc.nat()).map(([value, cut]) => {
      const text = JSON.stringify(value);
      return json('truncated JSON')(text.slice(0, cut % Math.max(1, text.length)));
    }),
    fc.string().map(json('not JSON')),
    fc
      .constantFrom(
        '',
        '{',
        '{"a":}',
        '[1,]',
        'nul',
        '\ufeff{}',
        '{"a":1}garbage',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"a":1}}}',
      )
      .map(json('malformed JSON')),
    fc
      .tuple(known, fc.constantFrom([0xed, 0xa0, 0x80], [0xff, 0xfe], [0xc0, 0x80], [0xf4, 0x90, 0x80, 0x80]))
      .map(([key, bytes]) =>
        json('invalid UTF-8')(Buffer.concat([Buffer.from(`{"${key}":"a`), Buffer.from(bytes), Buffer.from('b"}')])),
      ),
    fc.constantFrom(1_000, 20_000, 400_000).map((depth) => json('deeply nested')('['.repeat(depth) + ']'.repeat(depth))),
    fc
      .tuple(known, fc.constantFrom(1_000, 20_000, 150_000))
      .map(([key, depth]) => json('deeply nested')(`{"${key}":${'{"a":'.repeat(depth)}"\\u0000"${'}'.repeat(depth)}}`)),
    fc
      .tuple(known, fc.constantFrom(200_000, 1_100_000, 3_000_000))
      .map(([key, size]) => json('huge')(`{"${key}":"${'a'.repeat(size)}"}`)),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'image/png',
          undefined,
        ),
        fc.string(),
      )
      .map(([type, text]) => ({ payload: text, type, kind: 'wrong content type' })),
    brokenMultipart(fields).map(({ payload, type }) => ({ payload, type, kind: 'broken multipart' })),
  );
}

/** Query strings with the route's own names and others, odd values, repeats and broken encoding. */
function badQuery(names: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    names.length > 0 ? fc.constantFrom(...names) : fc.constant('q'),
    fc.constantFrom('__proto__', 'a[b]', 'token', ''),
  );
  const value = fc.oneof(shortNastyText.map(encodeSegment), nastySegment);
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) => (pairs.length > 0 ? `?${pairs.map(([k, v]) => `${encodeSegment(k)}=${v}`).join('&')}` : ''));
}

/**
 * Requests for one operation: its path with parameters that are sometimes real ids and often not,
 * a bad query, a bad body (or a good-looking one of wrong types), as a caller with or without a
 * token, a good one or a broken one.
 */
export function fuzzRequests(operation: Operation, realValues: Record<string, string[]>, tokens: string[]) {
  const key = `${operation.method} ${operation.path}`;
  const segment = (name: string) => {
    const real = realValues[name] ?? [];
    return real.length > 0 ? fc.oneof(nastySegment, { arbitrary: fc.constantFrom(...real), weight: 2 }) : nastySegment;
  };
  const path = fc
    .tuple(
      ...operation.pathParams.map(segment),
      fc.oneof({ arbitrary: fc.constant(''), weight: 6 }, fc.constantFrom('%00', '/..', '/%2e%2e/%2e%2e', '//', '%2F..')),
    )
    .map((values) => {
      let url = operation.path;
      operation.pathParams.forEach((name, i) => (url = url.replace(`{${name}}`, values[i]!)));
      const suffix = values.at(-1)!;
      return url.endsWith('/') && suffix ? url.slice(0, -1) + suffix + '/' : url + suffix;
    });
  // Mostly a good token, so that requests pass authentication and reach the routes' own checks.
  const authorization = fc.oneof(
    { arbitrary: fc.constantFrom(...tokens).map((token) => `Bearer ${token}`), weight: 4 },
    fc.constant(undefined),
    fc.constantFrom('Bearer', 'Bearer a b', 'Token', 'Token x', 'Basic Zm9vOmJhcg==', 'Bearer %00', `Bearer ${'e'.repeat(9000)}`),
  );
  const fields = FORM_ROUTES[key] ?? operation.bodyFields;
  const body = operation.method === 'GET' ? fc.constant(undefined) : fc.option(badBody(fields), { freq: 8 });
  return fc
    .record({ path, query: badQuery(operation.queryParams), authorization, body })
    .map(({ path: url, query, authorization: auth, body: sent }): FuzzRequest => ({
      method: operation.method,
      url: url + query,
      headers: {
        ...(auth ? { authorization: auth } : {}),
        ...(sent?.type ? { 'content-type': sent.type } : {}),
      },
      ...(sent ? { payload: sent.payload } : {}),
      kind: sent?.kind ?? 'no body',
    }));
}
