import { buildOpenApiDocument } from '../../src/openapi/document.js';
import { MAX_JSON_BODY_BYTES } from '../../src/http-error.js';

// The largest body a request schema lets through, as compact JSON written by the most verbose encoder: every
// character escaped as \uXXXX (Python's json.dumps does so for anything outside ASCII), 12 bytes for a
// character outside the Basic Multilingual Plane (two escapes), where maxLength counts it as one.
const BYTES_PER_CHARACTER = 12;
/**
 * A string held to a pattern of its own (a token, an id, a date) and no maxLength: its pattern bounds it, and
 * none in this API is longer than this.
 */
const PATTERNED_CHARACTERS = 100;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  maxLength?: number;
  items?: JsonSchema;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** Bytes of the largest compact JSON a schema admits; a string that nothing bounds throws. */
function largestJson(schema: JsonSchema, path: string): number {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return Math.max(...choices.map((choice) => largestJson(choice, path)));
  if (schema.enum) return Math.max(...schema.enum.map((value) => JSON.stringify(value).length));
  if (schema.const !== undefined) return JSON.stringify(schema.const).length;
  const types = [schema.type ?? []].flat();
  return Math.max(
    ...types.map((type) => {
      switch (type) {
        case 'object':
          return Object.entries(schema.properties ?? {}).reduce(
            (bytes, [key, value]) => bytes + JSON.stringify(key).length + 2 + largestJson(value, `${path}.${key}`),
            1,
          );
        case 'string':
          if (schema.maxLength !== undefined) return 2 + BYTES_PER_CHARACTER * schema.maxLength;
          if (schema.pattern !== undefined && !schema.pattern.startsWith('^(?:[^\\u0000')) {
            return 2 + BYTES_PER_CHARACTER * PATTERNED_CHARACTERS;
          }
          if (schema.format === 'date' || schema.format === 'date-time') return 2 + PATTERNED_CHARACTERS;
          throw new Error(`${path}: a string without maxLength or a pattern of its own`);
        case 'array':
          // Its items, each with the comma after it; an array nothing bounds would be as long as the limit allows.
          if (schema.maxItems === undefined || !schema.items) throw new Error(`${path}: an array without maxItems`);
          return 2 + schema.maxItems * (largestJson(schema.items, `${path}[]`) + 1);
        case 'number':
        case 'integer':
          return 24; // The longest a double is written: -1.2345678901234567e-308
        case 'boolean':
          return 5;
        case 'null':
          return 4;
        default:
          throw new Error(`${path}: a ${type}, which this walk does not know`);
      }
    }),
  );
}

const document = buildOpenApiDocument();
const JSON_BODIES = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(
    item as Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>,
  ).flatMap(([method, operation]) => {
    const schema = operation.requestBody?.content?.['application/json']?.schema;
    return schema && path !== '/api/stripe/webhook' ? [[`${method.toUpperCase()} ${path}`, schema] as const] : [];
  }),
);

describe('the JSON body limit', () => {
  test.each(JSON_BODIES)('when %s is sent at every maximum length, then the body fits the limit', (route, schema) => {
    const bytes = largestJson(schema, route);
    expect(bytes).toBeLessThanOrEqual(MAX_JSON_BODY_BYTES);
  });
});
