/**
 * localStorage for the frontend's unit tests: `saved` is what it holds; with `blocked` set, every read and write
 * throws, as a browser's does when storage is disabled (private modes, a full quota).
 */
export function memoryStorage() {
  const fake = {
    saved: new Map<string, string>(),
    blocked: false,
    getItem(key: string) {
      if (fake.blocked) throw new Error('SecurityError');
      return fake.saved.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (fake.blocked) throw new Error('QuotaExceededError');
      fake.saved.set(key, value);
    },
  };
  return fake;
}
