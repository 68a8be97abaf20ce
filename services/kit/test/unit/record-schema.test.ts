import mongoose from 'mongoose';
import { recordSchema } from '../../src/index.js';

interface Note {
  _id: string;
  text: string;
}

const notes = () => {
  const schema = recordSchema<Note>('notes', { text: { type: String, required: true } });
  return { schema, Model: new mongoose.Mongoose().model('Note', schema) };
};

describe('recordSchema', () => {
  it('when a record is made, then it is kept under its own string id in the named collection, with no version key', () => {
    const { schema, Model } = notes();
    const note = new Model({ _id: 'note-1', text: 'hello' });
    expect(note.toObject()).toEqual({ _id: 'note-1', text: 'hello' });
    expect(schema.get('collection')).toBe('notes');
    expect(schema.get('id')).toBe(false);
    expect(schema.get('versionKey')).toBe(false);
  });

  it('when a record has no id, then it does not validate (none is generated)', () => {
    const { Model } = notes();
    const error = new Model({ text: 'hello' }).validateSync();
    expect(error?.errors._id).toBeDefined();
  });

  it('when a record names a field the schema does not, then it throws instead of dropping it', () => {
    const { Model } = notes();
    expect(() => new Model({ _id: 'note-1', text: 'hello', extra: 1 })).toThrow(/extra/);
  });
});
