import { KeyedLock } from '../../src/index.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedLock', () => {
  test('when work on one key overlaps, then it runs in turn; other keys run alongside; a failure does not stop the queue', async () => {
    const lock = new KeyedLock();
    const log: string[] = [];
    const step =
      (name: string, fail = false) =>
      async () => {
        log.push(`${name} start`);
        await tick();
        log.push(`${name} end`);
        if (fail) throw new Error(name);
        return name;
      };

    const results = await Promise.allSettled([
      lock.run('a', step('a1', true)),
      lock.run('a', step('a2')),
      lock.run('b', step('b1')),
    ]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(log.indexOf('a2 start')).toBeGreaterThan(log.indexOf('a1 end'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });
});
