import { startOpenAiStub, type OpenAiStub } from '../../../../infra/src/testing/openai-stub.js';
import { ask, newGuestId, parseSse, startAiQuery, type AiQuery } from './harness.js';

type Message = { role: string; content: string };

describe('ai-query: questions that need a doctor or pharmacist first, and what the offline library covers', () => {
  let service: AiQuery;
  beforeAll(async () => {
    service = await startAiQuery({ IP_NEW_GUESTS_PER_HOUR: '100000' });
  });
  afterAll(() => service.close());

  test('when a guest on blood thinners asks whether Ayurveda is safe, then the offline answer leads with the doctor or pharmacist and names no herb', async () => {
    const res = await ask(service, { query: 'Is ayurveda safe with blood thinners?', guestId: newGuestId() });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ isCrisis: false, isEmergency: false, queriesUsed: 1 });
    expect(body.response).toMatch(
      /^Because your question involves a medicine \(blood thinners\), please ask your doctor or pharmacist/,
    );
    expect(body.response).toContain('herbs and supplements can interact with medicines');
    expect(body.response).not.toMatch(/ashwagandha|brahmi|calming herbs/i);
    expect(body.response).toContain("portal's own library");
    expect(body.response).toContain('Please consult your medical doctor');
    expect(body.sources).not.toContainEqual(expect.objectContaining({ path: '/conditions/nervous-overeating' }));
  });

  test('when a pregnant visitor asks on the stream, then the caution comes first there too', async () => {
    const res = await ask(
      service,
      { query: 'Is triphala safe during pregnancy?', guestId: newGuestId() },
      {},
      '/api/query-ai/stream',
    );
    const events = parseSse(await res.text());
    const done = events.at(-1)!;
    expect(done[0]).toBe('done');
    const { response } = done[1] as { response: string };
    expect(response).toMatch(
      /^During pregnancy, while trying to conceive or while breastfeeding, please ask your doctor/,
    );
    expect(response).not.toMatch(/triphala/i);
  });

  test('when asked what NAET is, then the answer is the treatment overview, sourced to /treatments', async () => {
    const body = await (await ask(service, { query: 'What is NAET?', guestId: newGuestId() })).json();
    expect(body.sources).toEqual([{ title: 'NAET (Treatments)', path: '/treatments#naet' }]);
    expect(body.response).toContain('combines muscle testing, acupressure along the spine');
    expect(body.response).toContain('sensitivities to foods and environmental substances');
  });

  test('when no page fits the question, then the answer says so, offers a session and cites nothing', async () => {
    const body = await (await ask(service, { query: 'How do I lower my cholesterol?', guestId: newGuestId() })).json();
    expect(body.sources).toEqual([]);
    expect(body.response).toContain('The library has nothing on this question');
    expect(body.response).toContain('a one-hour AI session is $9');
    expect(body.response).toContain('/book');
    expect(body.response).toContain('Please consult your medical doctor');
  });

  test('when a question with a medicine also describes an emergency, then the emergency answer is unchanged', async () => {
    const body = await (
      await ask(service, { query: "I'm on warfarin and I can't stop the bleeding", guestId: newGuestId() })
    ).json();
    expect(body).toMatchObject({ isEmergency: true, queriesUsed: 0, sources: [] });
    expect(body.response).toMatch(/^If this is happening now, please call 911/);
  });
});

describe('ai-query with a model: the caution in its instructions', () => {
  let stub: OpenAiStub;
  let service: AiQuery;
  beforeAll(async () => {
    stub = await startOpenAiStub();
    service = await startAiQuery({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseUrl,
      OPENAI_MAX_RETRIES: '0',
      OPENAI_TIMEOUT_MS: '5000',
      IP_NEW_GUESTS_PER_HOUR: '100000',
    });
  });
  afterAll(async () => {
    await service?.close();
    await stub?.close();
  });
  beforeEach(() => stub.reset());

  const sent = () => stub.requests[0]!.body.messages as Message[];

  test('when a question names a medicine, then the model is told to lead with the doctor or pharmacist and to suggest no herb with it', async () => {
    stub.behaviour.reply = () => 'Please check with your pharmacist first.';
    const query = 'Can I take ashwagandha with my warfarin?';
    const res = await ask(service, { query, guestId: newGuestId() });
    expect(res.status).toBe(200);
    const messages = sent();
    expect(messages[0]!.content).toContain(
      'Never suggest an herb, supplement or remedy to someone who says they take a medicine',
    );
    expect(messages.at(-2)).toEqual({
      role: 'system',
      content: expect.stringMatching(
        /^This question involves a medicine \(warfarin\)\. Begin your answer with one or two sentences telling the person to ask their doctor or pharmacist first/,
      ),
    });
    expect(messages.at(-2)!.content).toContain(
      'Do not suggest any herb, supplement, tea, spice or remedy to take with warfarin',
    );
    expect(messages.at(-1)).toEqual({ role: 'user', content: query });
  });

  test('when a question is about a child with lasting symptoms, then the instruction names both', async () => {
    await ask(service, { query: 'My 7 year old has had a rash for three weeks', guestId: newGuestId() });
    const caution = sent().at(-2)!.content;
    expect(caution).toContain('a child, symptoms that have lasted weeks or are getting worse');
    expect(caution).toContain("(for a child, the child's doctor)");
    expect(caution).toContain('children need advice and doses of their own');
  });

  test('when an emergency question also needs a caution, then the model gets both instructions, the emergency first', async () => {
    await ask(service, { query: "I'm pregnant and have crushing pressure in my chest", guestId: newGuestId() });
    const system = sent()
      .filter(({ role }) => role === 'system')
      .map(({ content }) => content);
    expect(system.at(-2)).toContain('do not repeat it');
    expect(system.at(-1)).toMatch(/^This question involves pregnancy, conceiving or breastfeeding/);
  });

  test('when an ordinary question is asked, then no caution instruction is sent', async () => {
    await ask(service, { query: 'Which foods help with sleep?', guestId: newGuestId() });
    expect(sent().map(({ role }) => role)).toEqual(['system', 'system', 'user']);
  });
});
