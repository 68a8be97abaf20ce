import { RpcSubjects } from '@hhp/proto';
import { CRISIS_MODEL_VERSION } from '@hhp/crisis-model';
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

/** A bus that records what ai-query asks the crisis service. */
function recordingBus() {
  const asked: unknown[] = [];
  const bus = {
    request: async (subject: string, body: unknown) => {
      if (subject !== RpcSubjects.detectCrisis) throw new Error('no answer');
      asked.push(body);
      return { isCrisis: false };
    },
  } as never;
  return { bus, asked };
}

const judged = (language: 'en' | 'es') => async () => ({ isCrisis: false, tier: undefined, score: -1, language });

test('when the local model has read the message, then the service is told which model so that it does not run it again', async () => {
  const { bus, asked } = recordingBus();
  const model = { available: true, readsSpanish: false, judge: judged('en') };
  await new CrisisCheck(bus, 500, quiet, model as never).check(ORDINARY);
  expect(asked).toEqual([{ query: ORDINARY, modelRead: CRISIS_MODEL_VERSION }]);
});

test('when a message in Spanish was read here without the multilingual model, then the service runs its own model on it', async () => {
  const { bus, asked } = recordingBus();
  const model = { available: true, readsSpanish: false, judge: judged('es') };
  const spanish = '¿Qué ayuda con el dolor de cuello?';
  await new CrisisCheck(bus, 500, quiet, model as never).check(spanish);
  expect(asked).toEqual([{ query: spanish }]);

  const reads = { available: true, readsSpanish: true, judge: judged('es') };
  await new CrisisCheck(bus, 500, quiet, reads as never).check(spanish);
  expect(asked[1]).toEqual({ query: spanish, modelRead: CRISIS_MODEL_VERSION });
});

test('when the local model gave no verdict (loading, failed, too slow), then the service is not told it was read', async () => {
  const { bus, asked } = recordingBus();
  const model = { available: false, readsSpanish: false, judge: async () => undefined };
  await new CrisisCheck(bus, 500, quiet, model as never).check(ORDINARY);
  expect(asked).toEqual([{ query: ORDINARY }]);
});
