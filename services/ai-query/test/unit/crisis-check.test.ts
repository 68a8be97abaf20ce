import { RpcSubjects } from '@hhp/proto';
import { CrisisCheck } from '../../src/crisis/crisis-check.js';

// Which layer's middle band reaches the answer when ai-query asks the crisis service: the service's `crisisLines`
// counts as much as the local model's (ai-query's own model may still be loading, or have failed, while the
// service's judges), and neither turns a crisis into anything less.

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined } as never;

/** A bus whose crisis service answers `detect` with `answer` and cannot say what it judges with. */
function busAnswering(answer: { isCrisis: boolean; crisisLines?: true }) {
  return {
    request: async (subject: string) => {
      if (subject === RpcSubjects.detectCrisis) return answer;
      throw new Error('no answer');
    },
  } as never;
}

const ORDINARY = 'What helps with a stiff neck after sleeping badly?';

test('when ai-query has no crisis model and the service says the message is in its middle band, then the verdict offers the lines', async () => {
  const check = new CrisisCheck(busAnswering({ isCrisis: false, crisisLines: true }), 500, quiet);
  expect(await check.check(ORDINARY)).toEqual({ isCrisis: false, source: 'service', possible: true });
});

test('when the service says not a crisis and nothing more, then no lines are offered', async () => {
  const check = new CrisisCheck(busAnswering({ isCrisis: false }), 500, quiet);
  const verdict = await check.check(ORDINARY);
  expect(verdict).toEqual({ isCrisis: false, source: 'service' });
  expect(verdict).not.toHaveProperty('possible');
});

test('when the local model puts the message in its middle band and the service does not, then the lines are still offered', async () => {
  const model = { available: true, judge: async () => ({ isCrisis: false, tier: 'possible' as const, score: 0 }) };
  const check = new CrisisCheck(busAnswering({ isCrisis: false }), 500, quiet, model as never);
  expect(await check.check(ORDINARY)).toMatchObject({ isCrisis: false, source: 'service', possible: true });
});

test('when the service says crisis, then the verdict is a crisis, without the middle band beside it', async () => {
  const check = new CrisisCheck(busAnswering({ isCrisis: true }), 500, quiet);
  expect(await check.check(ORDINARY)).toEqual({ isCrisis: true, source: 'service' });
});
