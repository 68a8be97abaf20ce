import { goEnv } from '../../src/dev-servers.js';

describe('goEnv', () => {
  test('when the machine has two cores or fewer, then the Go servers run Go code on one thread', () => {
    expect(goEnv({ PATH: '/bin' }, 2)).toEqual({ PATH: '/bin', GOMAXPROCS: '1' });
    expect(goEnv({}, 1).GOMAXPROCS).toBe('1');
  });

  test('when the machine has more cores, then Go picks its own number of threads', () => {
    expect(goEnv({ PATH: '/bin' }, 4)).toEqual({ PATH: '/bin' });
  });

  test('when GOMAXPROCS is set, then it wins', () => {
    expect(goEnv({ GOMAXPROCS: '2' }, 2).GOMAXPROCS).toBe('2');
  });
});
