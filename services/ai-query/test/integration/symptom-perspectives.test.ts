// The Symptom Explorer's perspectives (issue 27, point 6): a perspective on an analysis already given is part of
// that analysis and is not counted again. The service remembers the analysis it gave (its symptoms, bound to
// the quota's identity of the visitor), the perspective call carries only the analysis's id and the
// perspective, each perspective is answered once per analysis (then served as given), and an id this visitor
// was not given is refused with a sentence. Through HTTP against the service, the real NATS bucket.
import type { LanguageModel } from '../../src/model/llm.js';
import { ask, newGuestId, parseSse, startAiQuery, storedCount, type AiQuery } from './harness.js';

const SYMPTOMS = 'Bloating after meals and tired in the afternoons';
const NOT_FOUND = /^We could not find this analysis\b.*\./;

const analyze = (service: AiQuery, guestId: string | undefined, query = SYMPTOMS) =>
  ask(service, { query, guestId, kind: 'symptom-analysis' });

const perspective = (service: AiQuery, body: Record<string, unknown>) =>
  ask(service, body, {}, '/api/query-ai/perspective');

async function analysisOf(service: AiQuery, guestId: string): Promise<string> {
  const res = await analyze(service, guestId);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { analysisId?: string };
  expect(body.analysisId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return body.analysisId!;
}

describe('ai-query: the Symptom Explorer perspectives (offline engine)', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000' });
  });
  afterAll(() => service.close());

  test('when a guest has an analysis, then each of the three perspectives is answered and none is counted', async () => {
    const guestId = newGuestId();
    const analysisId = await analysisOf(service, guestId);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);

    const responses: string[] = [];
    for (const id of ['ayurveda', 'nutrition', 'chiropractic']) {
      const res = await perspective(service, { analysisId, perspective: id, guestId });
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toMatchObject({ isCrisis: false, isEmergency: false, queriesUsed: 1, queriesAllowed: 3 });
      expect(body.response.length).toBeGreaterThan(40);
      expect(body.analysisId).toBeUndefined();
      responses.push(body.response);
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
    // The next two analyses still work: the perspectives took none of the free questions.
    expect((await analyze(service, guestId, 'Headaches in the evening')).status).toBe(200);
    expect((await analyze(service, guestId, 'Dry skin in winter')).status).toBe(200);
    expect((await analyze(service, guestId, 'Cold hands')).status).toBe(429);
  });

  test('when a guest has used all free questions, then the perspectives of an analysis given earlier are still answered', async () => {
    const guestId = newGuestId();
    expect((await ask(service, { query: 'Turmeric?', guestId })).status).toBe(200);
    expect((await ask(service, { query: 'Ginger?', guestId })).status).toBe(200);
    const analysisId = await analysisOf(service, guestId);
    expect((await analyze(service, guestId)).status).toBe(429);

    const res = await perspective(service, { analysisId, perspective: 'nutrition', guestId });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ queriesUsed: 3, isCrisis: false });
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
  });

  test('when 30 perspective calls on one analysis arrive at once, then all are answered, each perspective alike, and 0 questions are spent', async () => {
    const guestId = newGuestId();
    const analysisId = await analysisOf(service, guestId);
    const ids = ['ayurveda', 'nutrition', 'chiropractic'];
    const calls = Array.from({ length: 30 }, (_, i) => ids[i % 3]!);
    const answers = await Promise.all(
      calls.map(async (id) => {
        const res = await perspective(service, { analysisId, perspective: id, guestId });
        return { id, status: res.status, response: ((await res.json()) as { response: string }).response };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(calls.map(() => 200));
    for (const id of ids) {
      expect(new Set(answers.filter((a) => a.id === id).map((a) => a.response)).size).toBe(1);
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  });

  test('when 12 analyses of one guest arrive at once, then exactly 3 are answered, each with an analysis, and 9 refused', async () => {
    const guestId = newGuestId();
    const results = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const res = await analyze(service, guestId, `${SYMPTOMS} (${i})`);
        return { status: res.status, body: (await res.json()) as { analysisId?: string } };
      }),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(9);
    expect(results.filter((r) => r.status === 200).every((r) => r.body.analysisId)).toBe(true);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(3);
  });

  test("when another visitor (another guestId, or none) presses a perspective with a guest's analysis id, then it is refused with a sentence and nothing is answered", async () => {
    const guestId = newGuestId();
    const analysisId = await analysisOf(service, guestId);
    for (const body of [
      { analysisId, perspective: 'ayurveda', guestId: newGuestId() },
      { analysisId, perspective: 'ayurveda' },
      { analysisId, perspective: 'ayurveda', guestId: null },
    ]) {
      const res = await perspective(service, body);
      expect(res.status).toBe(404);
      const refusal = await res.json();
      expect(refusal).toEqual({ message: expect.stringMatching(NOT_FOUND) });
      expect(refusal.message).not.toContain(SYMPTOMS);
    }
  });

  test('when the analysis id is unknown, then it is refused with the same sentence', async () => {
    const res = await perspective(service, {
      analysisId: 'AAAAAAAAAAAAAAAAAAAAAA',
      perspective: 'ayurveda',
      guestId: newGuestId(),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: expect.stringMatching(NOT_FOUND) });
  });

  test('when a perspective call carries text of its own or names no known perspective, then it is refused with 400 naming the field, and nothing is counted', async () => {
    const guestId = newGuestId();
    const analysisId = await analysisOf(service, guestId);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ analysisId, perspective: 'ayurveda', guestId, query: 'How do I fix my car?' }, /query/],
      [{ analysisId, perspective: 'ayurveda', guestId, symptoms: 'How do I fix my car?' }, /symptoms/],
      [{ analysisId, perspective: 'How do I fix my car?', guestId }, /perspective/],
      [{ perspective: 'ayurveda', guestId }, /analysisId/],
      [{ analysisId: 'not an id', perspective: 'ayurveda', guestId }, /analysisId/],
    ];
    for (const [body, field] of cases) {
      const res = await perspective(service, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(field);
    }
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  });

  test('when the symptoms read as a crisis, then the crisis answer comes, uncounted, with no analysis to ask perspectives of', async () => {
    const guestId = newGuestId();
    const res = await analyze(service, guestId, 'I want to die');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: true, queriesUsed: 0 });
    expect(body.analysisId).toBeUndefined();
    expect(body.response).toContain('988');
  });

  test('when the symptoms are longer than an analysis request can carry, then 400 names the query, and nothing is counted', async () => {
    const guestId = newGuestId();
    const res = await analyze(service, guestId, 'a'.repeat(3854));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'query: your symptoms must be at most 3853 characters' });
    expect(await storedCount(service, `guest:${guestId}`)).toBe(0);
  });

  test('when an analysis is streamed, then its done event carries the analysis id, and its perspectives are answered', async () => {
    const guestId = newGuestId();
    const res = await ask(service, { query: SYMPTOMS, guestId, kind: 'symptom-analysis' }, {}, '/api/query-ai/stream');
    expect(res.status).toBe(200);
    const done = parseSse(await res.text()).find(([event]) => event === 'done')?.[1] as { analysisId?: string };
    expect(done.analysisId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const perspectiveRes = await perspective(service, {
      analysisId: done.analysisId,
      perspective: 'nutrition',
      guestId,
    });
    expect(perspectiveRes.status).toBe(200);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  });

  test('when a question is not an analysis, then its answer has no analysis id', async () => {
    const res = await ask(service, { query: SYMPTOMS, guestId: newGuestId() });
    expect(res.status).toBe(200);
    expect((await res.json()).analysisId).toBeUndefined();
  });
});

describe('ai-query: the Symptom Explorer perspectives (a model)', () => {
  let service: AiQuery;
  const asked: string[] = [];
  const model: LanguageModel = {
    async *stream(messages) {
      const question = messages.at(-1)!.content;
      asked.push(question);
      await new Promise((resolve) => setTimeout(resolve, 150));
      yield `An answer to: ${question.slice(0, 60)}`;
      return {};
    },
  };
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000' }, { model });
  });
  afterAll(() => service.close());

  test('when a perspective is pressed many times at once, then the model is asked once for it, about the symptoms the analysis had, and every call gets that answer', async () => {
    const guestId = newGuestId();
    const analysisId = await analysisOf(service, guestId);
    // The analysis: the symptoms wrapped in the request for a holistic analysis, by the service.
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Please analyze the following symptoms from a holistic medicine perspective/);
    expect(asked[0]).toContain(SYMPTOMS);

    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const res = await perspective(service, { analysisId, perspective: 'chiropractic', guestId });
        expect(res.status).toBe(200);
        return ((await res.json()) as { response: string }).response;
      }),
    );
    expect(new Set(answers).size).toBe(1);
    const perspectives = asked.slice(1);
    expect(perspectives).toHaveLength(1);
    expect(perspectives[0]).toMatch(/chiropractic perspective only/);
    expect(perspectives[0]).toContain(SYMPTOMS);

    // Pressed again later: served as given, not asked again.
    const again = await perspective(service, { analysisId, perspective: 'chiropractic', guestId });
    expect(((await again.json()) as { response: string }).response).toBe(answers[0]);
    expect(asked).toHaveLength(2);
    expect(await storedCount(service, `guest:${guestId}`)).toBe(1);
  });
});
