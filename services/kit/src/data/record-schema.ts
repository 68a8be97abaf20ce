// How every service stores a record: by its own string id (a booking's, Stripe's), with no field the schema does
// not name.
import { Schema, type SchemaDefinition, type SchemaDefinitionType } from 'mongoose';

/**
 * The schema of a record kept in `collection` under its string `_id` (given, never generated), with `fields`
 * besides: no virtual `id`, no version key, and a write of a field not named here throws instead of being dropped.
 */
export function recordSchema<T extends { _id: string }>(
  collection: string,
  fields: Omit<SchemaDefinition<SchemaDefinitionType<T>>, '_id'>,
): Schema<T> {
  return new Schema<T>(
    { _id: { type: String, required: true }, ...fields } as SchemaDefinition<SchemaDefinitionType<T>>,
    { collection, id: false, versionKey: false, strict: 'throw' },
  );
}
