// Every request schema proto exports, and the string fields inside each: what the tests of the edge's rules
// walk, so a request or a field added later is held to them without anyone listing it.
import { z } from 'zod';
import * as proto from '../../src/index.js';

/**
 * HTTP bodies, query strings and path parameters, NATS requests and the voice socket's frames: every schema
 * whose name says it is something a caller sends.
 */
export const REQUEST_SCHEMAS: [string, z.ZodType][] = Object.entries(proto).flatMap(([name, value]) =>
  value instanceof z.ZodType && /(Request|Query|Params|ClientMessage)$/.test(name) ? [[name, value]] : [],
);

export interface StringField {
  /** `BookSessionRequest.name`, `VoiceClientMessage.candidate.candidate`. */
  path: string;
  /** The field's schema, as the caller's text meets it (a pipe whole, from its string input). */
  schema: z.ZodType;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'nonoptional']);
const NOT_TEXT = new Set(['enum', 'literal', 'number', 'boolean', 'null', 'undefined']);

/** The string fields of a schema, however deep; a kind of schema the walk does not know fails loudly. */
export function stringFields(schema: z.ZodType, path: string): StringField[] {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'string') return [{ path, schema }];
  if (NOT_TEXT.has(def.type)) return [];
  if (WRAPPERS.has(def.type)) return stringFields(def.innerType as z.ZodType, path);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        stringFields(field, `${path}.${key}`),
      );
    case 'pipe': {
      const input = def.in as z.ZodType;
      return input._zod.def.type === 'string' ? [{ path, schema }] : stringFields(input, path);
    }
    case 'union':
      return (def.options as z.ZodType[]).flatMap((option) => stringFields(option, path));
    case 'array':
      return stringFields(def.element as z.ZodType, `${path}[]`);
    default:
      throw new Error(`${path}: a ${def.type} schema, which this walk does not know; teach it`);
  }
}

export const REQUEST_STRING_FIELDS: StringField[] = REQUEST_SCHEMAS.flatMap(([name, schema]) =>
  stringFields(schema, name),
);
