// The bad-input corpus (scripts/bad-input.mjs): from one valid request of an operation (scripts/probe/
// operations.mjs) and the operation's OpenAPI description, every bad variant of it, and what every answer
// must be. The kinds are those of the probe behind issue 25: control characters in every string field of the
// body, the query and the path; malformed percent-encoding in every path parameter and query; every method
// on every route; the path without its trailing slash, with one more, with a doubled slash; wrong content
// types and malformed JSON; empty bodies.

/** Every kind of character a stored string must not carry unnoticed: C0 (NUL first), DEL, C1, the line and
 * paragraph separators, lone surrogates (serialised as `\ud800` escapes, which JSON allows). */
export const CONTROL_CHARACTERS = {
  NUL: '\u0000',
  SOH: '\u0001',
  BS: '\u0008',
  ESC: '\u001b',
  US: '\u001f',
  DEL: '\u007f',
  PAD: '\u0080',
  APC: '\u009f',
  LS: '\u2028',
  PS: '\u2029',
  'lone high surrogate': '\ud800',
  'lone low surrogate': '\udfff',
};

/** Percent-encoding that does not decode (`%`, `%zz`) or decodes to bytes that are not UTF-8 (`%ff%fe`, and
 * `%ED%A0%80`, a surrogate in UTF-8's form). */
export const MALFORMED_PERCENT = ['%ff%fe', '%ED%A0%80', '%', '%zz'];

/** Bytes that are not UTF-8, put raw inside a JSON string. */
const MALFORMED_UTF8 = { 'byte ff fe': Buffer.from([0xff, 0xfe]), 'UTF-8 surrogate': Buffer.from([0xed, 0xa0, 0x80]) };

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'QUERY', 'FOO'];

const JSON_TYPE = 'application/json';

/** A character no base request uses, standing in for raw bytes until the body is serialised. */
const PLACEHOLDER = '\ue000';

/** A string value with `inserted` in its middle (or alone, for an empty value). */
const withInside = (value, inserted) => value.slice(0, value.length >> 1) + inserted + value.slice(value.length >> 1);

/** Percent-encodes a value as UTF-8; a lone surrogate (which has no UTF-8 form) as its WTF-8 bytes. */
function percent(value) {
  return [...value]
    .map((char) => {
      const code = char.codePointAt(0);
      if (code >= 0xd800 && code <= 0xdfff)
        return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
      return encodeURIComponent(char);
    })
    .join('');
}

/** The JSON body's bytes; a PLACEHOLDER in the text is replaced by `raw`. */
function serialise(body, raw) {
  const text = Buffer.from(JSON.stringify(body), 'utf8');
  if (!raw) return text;
  const mark = Buffer.from(PLACEHOLDER, 'utf8');
  const at = text.indexOf(mark);
  return Buffer.concat([text.subarray(0, at), raw, text.subarray(at + mark.length)]);
}

/** The path of every string in a JSON value (object keys and array indexes), e.g. ['data', 'object', 'id']. */
function stringPaths(value, at = []) {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((item, i) => stringPaths(item, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function setAt(value, [first, ...rest], replacement) {
  if (first === undefined) return replacement;
  const copy = Array.isArray(value) ? [...value] : { ...value };
  copy[first] = setAt(value?.[first], rest, replacement);
  return copy;
}

function getAt(value, at) {
  return at.reduce((v, key) => v?.[key], value);
}

/** Does this JSON Schema (or one of its alternatives) take a string? */
const takesString = (schema) =>
  schema?.type === 'string' ||
  (Array.isArray(schema?.type) && schema.type.includes('string')) ||
  [...(schema?.anyOf ?? []), ...(schema?.oneOf ?? [])].some(takesString);

/** The operation's JSON body schema, if it takes one. */
const jsonBodySchema = (operation) => operation.requestBody?.content?.[JSON_TYPE]?.schema;

/** The string fields to fill with bad characters: every string in the base body, and every top-level string
 * property of the schema the base leaves out. */
function bodyFields(operation, body) {
  const fields = stringPaths(body ?? {});
  const properties = jsonBodySchema(operation)?.properties ?? {};
  for (const [name, schema] of Object.entries(properties)) {
    if (takesString(schema) && !(body && name in body)) fields.push([name]);
  }
  return fields;
}

/**
 * A request's pieces as the corpus builds it, and its wire form: `{ method, target, headers, body }` (body a
 * Buffer). `sign` (the base's) adds the headers a signed route needs, over the bytes actually sent.
 */
function wire({ method, path, query, headers = {}, body, contentType = JSON_TYPE }, sign) {
  const search =
    typeof query === 'string'
      ? query
      : Object.entries(query ?? {})
          .map(([k, v]) => `${k}=${v}`)
          .join('&');
  const target = search ? `${path}?${search}` : path;
  const all = { ...headers };
  if (body !== undefined && contentType !== null) all['Content-Type'] = contentType;
  if (body !== undefined && sign) Object.assign(all, sign(body));
  return { method, target, headers: all, body };
}

/** Marks a request that only a 4xx may answer (`refuse`). */
const mustRefuse = (request, refuse) => (refuse ? { ...request, refuse: true } : request);

/** The operation's path with its parameters filled in (each already percent-encoded). */
const fillPath = (template, params) => template.replace(/\{(\w+)\}/g, (_, name) => params[name]);

/** Query parameters' values percent-encoded. */
const encodeQuery = (query) => Object.fromEntries(Object.entries(query ?? {}).map(([k, v]) => [k, percent(v)]));

/**
 * Every bad request for one operation. `base()` gives a fresh valid request each call: `{ path?: {name:
 * value}, query?: {name: value}, body?: JSON value, headers?: {name: value}, sign?: (body: Buffer) => headers }`.
 * Yields `{ kind, what, request }`.
 */
export function* variants(pathTemplate, method, operation, base) {
  const METHOD = method.toUpperCase();
  const parameters = operation.parameters ?? [];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const hasJsonBody = Boolean(jsonBodySchema(operation));

  /** The base request with some of its pieces replaced (path and query values given raw, unencoded). */
  const request = (change = {}) => {
    const b = base();
    const pathValues = Object.fromEntries(pathNames.map((n) => [n, percent(b.path[n])]));
    const query = encodeQuery(b.query);
    const parts = {
      method: METHOD,
      path: fillPath(pathTemplate, { ...pathValues, ...change.path }),
      query:
        change.query === undefined
          ? query
          : typeof change.query === 'string'
            ? change.query
            : { ...query, ...change.query },
      body: b.body === undefined ? undefined : serialise(b.body),
      ...(change.body ? { body: change.body(b.body) } : {}),
      ...(change.method ? { method: change.method } : {}),
      ...('contentType' in change ? { contentType: change.contentType } : {}),
      headers: { ...b.headers, ...change.headers },
      ...(change.rawPath ? { path: change.rawPath(fillPath(pathTemplate, pathValues)) } : {}),
    };
    return wire(parts, b.sign);
  };

  // Control characters, then raw bytes that are not UTF-8, in every string field of the body.
  if (hasJsonBody) {
    for (const field of bodyFields(operation, base().body)) {
      const name = field.join('.');
      for (const [label, char] of Object.entries(CONTROL_CHARACTERS)) {
        yield {
          kind: 'control character',
          what: `${label} in body ${name}`,
          request: request({
            body: (body) => serialise(setAt(body, field, withInside(getAt(body, field) ?? 'ab', char))),
          }),
        };
      }
      for (const [label, bytes] of Object.entries(MALFORMED_UTF8)) {
        yield {
          kind: 'malformed encoding',
          what: `${label} in body ${name}`,
          request: request({
            body: (body) => serialise(setAt(body, field, withInside(getAt(body, field) ?? 'ab', PLACEHOLDER)), bytes),
          }),
        };
      }
    }
  }

  // Control characters in every path parameter and every query parameter (an operation without any query
  // parameter gets one it does not know), percent-encoded as UTF-8.
  const sample = base();
  const queryTargets = queryNames.length ? queryNames : ['probe'];
  for (const [label, char] of Object.entries(CONTROL_CHARACTERS)) {
    for (const name of pathNames) {
      yield {
        kind: 'control character',
        what: `${label} in path ${name}`,
        request: request({ path: { [name]: percent(withInside(sample.path[name], char)) } }),
      };
    }
    for (const name of queryTargets) {
      yield {
        kind: 'control character',
        what: `${label} in query ${name}`,
        request: request({ query: { [name]: percent(withInside(sample.query?.[name] ?? 'ab', char)) } }),
      };
    }
  }

  // Malformed percent-encoding: as every path parameter, inside it, as every query value, as the query's
  // names, and after the path's last segment.
  for (const bad of MALFORMED_PERCENT) {
    for (const name of pathNames) {
      yield { kind: 'malformed encoding', what: `path ${name} = ${bad}`, request: request({ path: { [name]: bad } }) };
      yield {
        kind: 'malformed encoding',
        what: `path ${name} with ${bad} inside`,
        request: request({ path: { [name]: withInside(percent(sample.path[name]), bad) } }),
      };
    }
    for (const name of queryTargets) {
      yield {
        kind: 'malformed encoding',
        what: `query ${name} = ${bad}`,
        request: request({ query: { [name]: bad } }),
      };
    }
    yield { kind: 'malformed encoding', what: `query string ${bad}`, request: request({ query: bad }) };
    yield {
      kind: 'malformed encoding',
      what: `${bad} after the path`,
      request: request({ rawPath: (path) => `${path}${bad}` }),
    };
  }

  // A query parameter given twice, as an array and as an object (what Express's query parser makes of them),
  // and with no value.
  for (const name of queryNames) {
    const value = encodeQuery(sample.query)[name] ?? 'ab';
    for (const [what, query] of [
      ['twice', `${name}=${value}&${name}=${value}`],
      ['as an array', `${name}[]=${value}`],
      ['as an object', `${name}[a]=${value}`],
      ['without a value', name],
    ]) {
      const rest = Object.entries(encodeQuery(sample.query))
        .filter(([k]) => k !== name)
        .map(([k, v]) => `${k}=${v}`);
      yield {
        kind: 'query shape',
        what: `query ${name} ${what}`,
        request: request({ query: [...rest, query].join('&') }),
      };
    }
  }

  // Every method on the route.
  for (const other of METHODS) {
    if (other === METHOD) continue;
    const withBody = !['GET', 'HEAD', 'OPTIONS', 'TRACE', 'CONNECT'].includes(other);
    yield {
      kind: 'method',
      what: other,
      request: request({ method: other, ...(withBody ? {} : { body: () => undefined }) }),
    };
  }

  // The path without its trailing segments, with a trailing slash, with doubled slashes.
  const segments = pathTemplate.split('/').filter(Boolean);
  for (let n = 2; n < segments.length; n++) {
    const prefix = `/${segments.slice(0, n).join('/')}`;
    yield { kind: 'path', what: `${prefix} (a prefix)`, request: request({ rawPath: () => prefix }) };
    yield { kind: 'path', what: `${prefix}/ (a prefix)`, request: request({ rawPath: () => `${prefix}/` }) };
  }
  yield { kind: 'path', what: 'trailing slash', request: request({ rawPath: (path) => `${path}/` }) };
  yield { kind: 'path', what: 'doubled leading slash', request: request({ rawPath: (path) => `/${path}` }) };
  for (let i = 1; i < segments.length; i++) {
    yield {
      kind: 'path',
      what: `doubled slash after /${segments.slice(0, i).join('/')}`,
      request: request({
        rawPath: (path) => {
          const parts = path.split('/');
          parts.splice(i + 1, 0, '');
          return parts.join('/');
        },
      }),
    };
  }

  // Wrong content types, malformed and surprising JSON, empty bodies.
  if (hasJsonBody || operation.requestBody) {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=probe',
      'application/xml',
      'application/json; charset=utf-16',
      'application/json; charset=iso-8859-1',
      'application/jsonx',
      '*/*',
      null,
    ]) {
      yield {
        kind: 'content type',
        what: `Content-Type ${contentType ?? '(none)'}`,
        request: request({ contentType }),
      };
    }
    yield {
      kind: 'content type',
      what: 'Content-Encoding gzip over a plain body',
      request: request({ headers: { 'Content-Encoding': 'gzip' } }),
    };
    yield {
      kind: 'content type',
      what: 'Content-Encoding unknown',
      request: request({ headers: { 'Content-Encoding': 'probe' } }),
    };
    // A required body that is not a JSON object (or none at all), and unknown properties where the schema
    // allows none, must be refused: a 2xx would mean something acted on a request it could not read.
    const required = Boolean(operation.requestBody?.required);
    const closed = jsonBodySchema(operation)?.additionalProperties === false;
    for (const [what, text, refuse] of [
      ['truncated JSON', '{"a":', required],
      ['a JSON array', '[]', required],
      ['JSON null', 'null', required],
      ['a JSON string', '"probe"', required],
      ['a JSON number', '1', required],
      ['an unknown property', '{"probe":1}', closed],
      ['a byte-order mark', '\ufeff{}', false],
      ['nested 5000 deep', `${'['.repeat(5000)}${']'.repeat(5000)}`, required],
      ['__proto__', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', closed],
    ]) {
      yield { kind: 'malformed JSON', what, request: mustRefuse(request({ body: () => Buffer.from(text) }), refuse) };
    }
    if (hasJsonBody) {
      const fields = bodyFields(operation, sample.body).filter((f) => f.length === 1);
      for (const [field] of fields) {
        for (const [what, value] of [
          ['a number', 1],
          ['an array', ['a']],
          ['an object', { a: 'b' }],
          ['null', null],
        ]) {
          yield {
            kind: 'wrong type',
            what: `body ${field} as ${what}`,
            request: request({ body: (body) => serialise({ ...body, [field]: value }) }),
          };
        }
      }
    }
    yield {
      kind: 'empty body',
      what: 'empty, as JSON',
      request: mustRefuse(request({ body: () => Buffer.alloc(0) }), required),
    };
    yield {
      kind: 'empty body',
      what: 'no body at all',
      request: mustRefuse(request({ body: () => undefined }), required),
    };
  }
  if (queryNames.length) {
    yield { kind: 'empty body', what: 'no query', request: request({ query: '' }) };
  }
}

/** nginx merges doubled slashes when it matches locations: `//api/x` is an API path too. */
export const isApiPath = (target) => /^\/api(\/|\?|$)/.test(target.split('?')[0].replace(/\/{2,}/g, '/'));

/**
 * What is wrong with an answer: no 5xx anywhere; under /api every answer with a body is JSON (`documented`:
 * other media types the operation's success may have, e.g. text/event-stream), every error's JSON has a
 * `message`; every 405 names the allowed methods; a request marked `refuse` is answered 4xx.
 */
export function problems(request, response, documented = []) {
  const found = [];
  if (response.status >= 500) found.push(`${response.status}`);
  if (request.refuse && response.status < 400) found.push(`${response.status} where only a 4xx is right`);
  if (response.status === 405 && !response.headers.allow) found.push('405 without Allow');
  if (!isApiPath(request.target) || request.method === 'HEAD' || [204, 304].includes(response.status)) return found;
  const type = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (response.status < 300 && documented.includes(type)) return found;
  if (type !== JSON_TYPE) {
    found.push(`${response.status} ${type || 'without a Content-Type'}, not JSON`);
    return found;
  }
  let body;
  try {
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    found.push(`${response.status} with a body that is not JSON`);
    return found;
  }
  if (response.status >= 300 && typeof body?.message !== 'string') found.push(`${response.status} without a message`);
  return found;
}
