import { memoryStorage } from '../memory-storage';
import { GUEST_ID_STORAGE_KEY } from '@hhp/proto/catalogue/quota';
import { guestId } from '../../src/shared/ai/guest-id';

// The visitor's guestId (shared/ai/guest-id.ts): made once, kept in localStorage, sent by every AI call.

const ID = /^[A-Za-z0-9_-]{21}$/;
const storage = memoryStorage();
const { saved } = storage;

beforeAll(() => Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true }));
afterAll(() => Reflect.deleteProperty(globalThis, 'localStorage'));
beforeEach(() => {
  saved.clear();
  storage.blocked = false;
});

describe("the visitor's guestId", () => {
  test('when none is stored, then 21 random characters are made, kept, and given again on every call', () => {
    const id = guestId();
    expect(id).toMatch(ID);
    expect(saved.get(GUEST_ID_STORAGE_KEY)).toBe(id);
    expect(guestId()).toBe(id);
    saved.clear();
    expect(guestId()).not.toBe(id);
  });

  test('when a well-formed id is stored, then it is the one sent', () => {
    saved.set(GUEST_ID_STORAGE_KEY, 'abcdefghij_KLMNOPQR-1');
    expect(guestId()).toBe('abcdefghij_KLMNOPQR-1');
  });

  test('when the stored id is not 21 of the allowed characters, then a new one replaces it', () => {
    for (const bad of ['short', 'abcdefghij_KLMNOPQR-12', 'abcdefghij KLMNOPQR-1', '']) {
      saved.set(GUEST_ID_STORAGE_KEY, bad);
      const id = guestId();
      expect(id).toMatch(ID);
      expect(id).not.toBe(bad);
      expect(saved.get(GUEST_ID_STORAGE_KEY)).toBe(id);
    }
  });

  test('when storage is blocked (private mode), then one id serves the life of the page', () => {
    storage.blocked = true;
    const id = guestId();
    expect(id).toMatch(ID);
    expect(guestId()).toBe(id);
  });
});
