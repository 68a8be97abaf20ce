// The offline engine's turns with stand-ins for the recogniser, the synthesiser and the assistant: what the
// call is told and plays, in order; a crisis's banner before its words; the free questions used up; a
// barge-in that stops the answer; a failed turn that says so.
import pino from 'pino';
import type { AskAiResponse, VoiceServerMessage } from '@hhp/proto';
import { DISCLAIMER } from '@hhp/proto';
import { OfflineEngine } from '../../src/offline/offline-engine.js';
import type { Assistant } from '../../src/offline/offline-call.js';
import { MORE_IN_CAPTIONS, SPOKEN_ANSWER_CHARS, sentences, spokenAnswer } from '../../src/offline/spoken-answer.js';
import { TURN_FAILED } from '../../src/engine/spoken-text.js';
import type { CallContext } from '../../src/engine/engine.js';
import type { SpeechRecognizer, SpeechSynthesizer } from '../../src/speech/speech.js';

const RATE = 48_000;
const FRAME = 960;

/** `ms` of a 220 Hz tone loud enough for the detector, or of silence. */
function frames(ms: number, loud: boolean): Int16Array[] {
  const out: Int16Array[] = [];
  for (let f = 0; f < ms / 20; f++) {
    const frame = new Int16Array(FRAME);
    if (loud)
      for (let i = 0; i < FRAME; i++)
        frame[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * (f * FRAME + i)) / RATE));
    out.push(frame);
  }
  return out;
}
const utterance = () => [...frames(1000, false), ...frames(800, true), ...frames(1000, false)];

const answered = (over: Partial<Extract<AskAiResponse, { outcome: 'answered' }>> = {}): AskAiResponse => ({
  outcome: 'answered',
  response: 'Sleep comes easier with a routine. Try chamomile tea before bed.',
  sources: [{ title: 'Insomnia', path: '/conditions/insomnia' }],
  isCrisis: false,
  isEmergency: false,
  queriesUsed: 1,
  queriesAllowed: 3,
  isSubscriber: false,
  ...over,
});

function harness(
  answer: () => Promise<AskAiResponse>,
  heard = 'I have trouble sleeping at night',
  logger = pino({ level: 'silent' }),
) {
  const sent: VoiceServerMessage[] = [];
  const played: number[] = [];
  const asked: Parameters<Assistant['ask']>[0][] = [];
  /** Each transcription asked for: its length in samples and its signal. */
  const transcriptions: { samples: number; signal: AbortSignal | undefined }[] = [];
  let stopped = 0;
  let turns = 0;
  const recognizer: SpeechRecognizer = {
    transcribe: async (pcm, options) => {
      transcriptions.push({ samples: pcm.length, signal: options?.signal });
      return { text: heard };
    },
    close: async () => undefined,
  };
  const synthesizer: SpeechSynthesizer = { synthesize: async (text) => new Int16Array(text.length) };
  const assistant: Assistant = {
    ask: async (q) => {
      asked.push(q);
      return answer();
    },
  };
  const call: CallContext = {
    sessionId: 'call-1',
    guestId: 'g'.repeat(21),
    cookieHeader: 'hhp_sub=abc',
    clientAddress: '203.0.113.9',
    logger,
    send: (m) => sent.push(m),
    play: async (pcm) => {
      played.push(pcm.length);
    },
    stopPlayback: () => (stopped += 1),
    activity: () => undefined,
    turn: () => (turns += 1),
    end: () => undefined,
  };
  const engine = new OfflineEngine({ recognizer, synthesizer, assistant, logger: pino({ level: 'silent' }) });
  const open = engine.open(call);
  return { sent, played, asked, transcriptions, open, stopped: () => stopped, turns: () => turns };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await settle();
  expect(check()).toBe(true);
}

describe('the offline engine', () => {
  test('when the visitor asks a question, then the caption, the answer with its sources and counters, and its sentences are played in order', async () => {
    const h = harness(async () => answered());
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.sent.some((m) => m.type === 'state' && m.state === 'listening') && h.played.length === 2);
    expect(h.asked[0]).toEqual({
      query: 'I have trouble sleeping at night',
      guestId: 'g'.repeat(21),
      cookie: 'hhp_sub=abc',
      clientAddress: '203.0.113.9',
      requestId: 'call-1',
    });
    const types = h.sent.map((m) =>
      m.type === 'state' ? `state:${m.state}` : m.type === 'transcript' ? `${m.role}` : m.type,
    );
    expect(types).toEqual(['state:thinking', 'user', 'assistant', 'quota', 'state:speaking', 'state:listening']);
    expect(h.played).toEqual(['Sleep comes easier with a routine.'.length, 'Try chamomile tea before bed.'.length]);
    expect(h.turns()).toBe(1);
  });

  test('when a turn is answered, then one line says where its time went, and not what was said', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const h = harness(async () => answered(), undefined, logger);
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.sent.some((m) => m.type === 'state' && m.state === 'listening'));
    const timings = lines.map((line) => JSON.parse(line)).filter((line) => line.msg === 'voice turn timings');
    expect(timings).toHaveLength(1);
    const t = timings[0].turnTimings;
    // The detector decided at its 600 ms hangover, with the transcription begun at the 250 ms pause.
    expect(t).toMatchObject({ heardMs: 600, early: true });
    for (const key of ['recogniserMs', 'waitTranscriptMs', 'askMs', 'firstSentenceMs', 'toPlaybackMs'])
      expect(t[key]).toBeGreaterThanOrEqual(0);
    expect(lines.join('')).not.toContain('sleeping');
    expect(lines.join('')).not.toContain('chamomile');
  });

  test('when the visitor goes on after a pause, then the early transcription is withdrawn and the whole utterance asked', async () => {
    const h = harness(async () => answered());
    const speech = [...frames(1000, false), ...frames(800, true), ...frames(400, false), ...frames(800, true)];
    for (const frame of [...speech, ...frames(1000, false)]) h.open.audio(frame);
    await until(() => h.sent.some((m) => m.type === 'state' && m.state === 'listening'));
    // The first pause's utterance so far, then the second pause's, which the end of the utterance confirmed.
    expect(h.transcriptions).toHaveLength(2);
    expect(h.transcriptions[0]!.signal?.aborted).toBe(true);
    expect(h.transcriptions[1]!.signal?.aborted).toBe(false);
    expect(h.transcriptions[1]!.samples).toBeGreaterThan(h.transcriptions[0]!.samples);
    expect(h.asked).toHaveLength(1);
  });

  test('when the words are a crisis, then the crisis signal goes before the answer is spoken', async () => {
    const h = harness(async () =>
      answered({ isCrisis: true, response: 'Please call or text 988 now.', queriesUsed: 0 }),
    );
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.played.length === 1);
    const crisis = h.sent.findIndex((m) => m.type === 'crisis');
    const speaking = h.sent.findIndex((m) => m.type === 'state' && m.state === 'speaking');
    expect(h.sent[crisis]).toEqual({ type: 'crisis', isEmergency: false });
    expect(crisis).toBeLessThan(speaking);
  });

  test("when the answer says crisisLines (the words may hide a crisis), then its caption says so; an ordinary answer's does not", async () => {
    const assistantCaption = async (answer: AskAiResponse) => {
      const h = harness(async () => answer);
      for (const frame of utterance()) h.open.audio(frame);
      await until(() => h.sent.some((m) => m.type === 'state' && m.state === 'listening'));
      return h.sent.find((m) => m.type === 'transcript' && m.role === 'assistant');
    };
    const offered = await assistantCaption(answered({ crisisLines: true }));
    expect(offered).toMatchObject({ type: 'transcript', role: 'assistant', final: true, crisisLines: true });
    const ordinary = await assistantCaption(answered());
    expect(ordinary).toMatchObject({ type: 'transcript', role: 'assistant', final: true });
    expect(ordinary).not.toHaveProperty('crisisLines');
  });

  test('when the free questions are used up, then the limit is shown and spoken, and no turn is counted', async () => {
    const h = harness(async () => ({
      outcome: 'quota-exceeded',
      message: "You've used your 3 free questions for today.",
      queriesUsed: 3,
      queriesAllowed: 3,
      isSubscriber: false,
    }));
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.played.length === 1);
    expect(h.sent).toContainEqual({
      type: 'quota',
      quota: { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false },
      exceeded: true,
    });
    expect(h.turns()).toBe(0);
  });

  test('when the assistant fails, then the visitor hears that it could not answer, and the call listens again', async () => {
    const h = harness(async () => {
      throw new Error('ai-query is down');
    });
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.sent.some((m) => m.type === 'transcript' && m.text === TURN_FAILED));
    await until(() => h.sent.at(-1)?.type === 'state');
    expect(h.sent.at(-1)).toEqual({ type: 'state', state: 'listening' });
  });

  test('when the recogniser hears only noise, then nothing is asked', async () => {
    const h = harness(async () => answered(), ' . ');
    for (const frame of utterance()) h.open.audio(frame);
    await until(() => h.sent.filter((m) => m.type === 'state' && m.state === 'listening').length === 1);
    expect(h.asked).toHaveLength(0);
  });

  test('when an answer is long, then it is cut into sentences', () => {
    expect(sentences('One thing. Two things! "Three?" 4 is last')).toEqual([
      'One thing.',
      'Two things!',
      '"Three?"',
      '4 is last',
    ]);
    expect(sentences('  ')).toEqual([]);
    expect(sentences("I'm Dr. Helen's AI. Mr. Smith agrees.")).toEqual(["I'm Dr. Helen's AI.", 'Mr. Smith agrees.']);
    expect(sentences('• Warm oil before bed\n\nThis is all.')).toEqual(['Warm oil before bed.', 'This is all.']);
    expect(sentences('From "Insomnia" (/conditions/insomnia): • Warm milk • Rest. Done.')).toEqual([
      'From "Insomnia": Warm milk.',
      'Rest.',
      'Done.',
    ]);
  });

  test('when an answer is longer than half a minute of speech, then its first sentences, a pointer to the captions and the disclaimer are said', () => {
    const points = Array.from({ length: 20 }, (_, i) => `Point number ${i + 1} is about rest and routine.`);
    const said = spokenAnswer(`${points.join(' ')}\n\n${DISCLAIMER}`);
    const body = said.slice(0, -3);
    expect(body).toEqual(points.slice(0, body.length));
    expect(body.join(' ').length).toBeLessThanOrEqual(SPOKEN_ANSWER_CHARS);
    expect(body.length).toBeGreaterThan(3);
    expect(said.slice(-3)).toEqual([MORE_IN_CAPTIONS, ...sentences(DISCLAIMER)]);

    // Short answers are said whole; one long sentence is said all the same; the crisis lines always whole.
    expect(spokenAnswer(`Rest well. ${DISCLAIMER}`)).toEqual(['Rest well.', ...sentences(DISCLAIMER)]);
    const long = `${'Very '.repeat(120)}long.`;
    expect(spokenAnswer(`${long} Second.`)).toEqual([long, MORE_IN_CAPTIONS]);
    expect(spokenAnswer(points.join(' '), { whole: true })).toEqual(points);
  });

  test('when a long answer is played, then only its spoken part is, but the caption carries all of it; a crisis is said whole', async () => {
    const points = Array.from({ length: 20 }, (_, i) => `Point number ${i + 1} is about rest and routine.`);
    const response = points.join(' ');
    const long = harness(async () => answered({ response }));
    for (const frame of utterance()) long.open.audio(frame);
    await until(() => long.sent.some((m) => m.type === 'state' && m.state === 'listening') && long.played.length > 0);
    expect(long.sent.find((m) => m.type === 'transcript' && m.role === 'assistant')).toMatchObject({ text: response });
    expect(long.played).toEqual(spokenAnswer(response).map((sentence) => sentence.length));
    expect(long.played.length).toBeLessThan(points.length);

    const crisis = harness(async () => answered({ response, isCrisis: true }));
    for (const frame of utterance()) crisis.open.audio(frame);
    await until(() => crisis.played.length === points.length);
  });
});
