// The offline speech parts for real: espeak-ng speaks, the utterance detector cuts, the faster-whisper worker
// (installed by scripts/bootstrap.sh) transcribes, and its supervisor brings it back when it dies.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { downsample48kTo16k } from '../../src/audio/resample.js';
import { UtteranceDetector, type DetectorEvent } from '../../src/audio/utterance-detector.js';
import { EspeakSynthesizer, SynthesisError } from '../../src/speech/espeak-synthesizer.js';
import { speechSettings } from '../../src/speech/settings.js';
import { RecognizerError, WhisperRecognizer } from '../../src/speech/whisper-recognizer.js';
import { encodeRequest } from '../../src/speech/worker-protocol.js';
import { concat, durationMs, level, silence } from '../support/pcm.js';

const settings = speechSettings();
const synthesizer = new EspeakSynthesizer();

function recognizer(options: Partial<ConstructorParameters<typeof WhisperRecognizer>[0]> = {}) {
  return new WhisperRecognizer({ ...settings, ...options });
}

/** What the call would hand the recogniser: spoken at 48 kHz, cut by the detector, brought down to 16 kHz. */
async function utteranceOf(text: string): Promise<Int16Array> {
  const detector = new UtteranceDetector();
  const input = concat(silence(600), await synthesizer.synthesize(text), silence(1200));
  const events: DetectorEvent[] = [];
  for (let offset = 0; offset < input.length; offset += 960)
    events.push(...detector.push(input.subarray(offset, offset + 960)));
  const utterances = events.filter((event) => event.type === 'utterance');
  expect(utterances).toHaveLength(1);
  return downsample48kTo16k(utterances[0]!.pcm);
}

describe('the espeak-ng synthesiser', () => {
  test('when it speaks a sentence, then the audio is 48 kHz PCM of the right length with speech energy', async () => {
    const pcm = await synthesizer.synthesize('Magnesium and a steady bedtime can help you sleep.');
    // About three seconds at 160 words a minute: 48 kHz, not espeak-ng's own 22.05 kHz.
    expect(durationMs(pcm)).toBeGreaterThan(2000);
    expect(durationMs(pcm)).toBeLessThan(6000);
    expect(level(pcm)).toBeGreaterThan(-35);
  });

  test('when the text is empty or too long, then it is silence or refused', async () => {
    expect((await synthesizer.synthesize('  \n')).length).toBe(0);
    await expect(
      new EspeakSynthesizer({ maxChars: 20 }).synthesize('This sentence is longer than twenty.'),
    ).rejects.toThrow(SynthesisError);
  });

  test('when text starts like an option, then it is said, not obeyed', async () => {
    expect(level(await synthesizer.synthesize('--version'))).toBeGreaterThan(-40);
  });
});

describe('the Whisper recogniser', () => {
  const shared = recognizer();
  beforeAll(() => shared.start(), 120_000);
  afterAll(() => shared.close());

  test('when espeak-ng says "I have trouble sleeping at night", then the transcript has "sleep"', async () => {
    const { text } = await shared.transcribe(await utteranceOf('I have trouble sleeping at night'));
    expect(text.toLowerCase()).toContain('sleep');
  }, 60_000);

  test('when espeak-ng says "I want to end my life", then the transcript has "end my life" (what the crisis check needs)', async () => {
    const { text } = await shared.transcribe(await utteranceOf('I want to end my life'));
    expect(text.toLowerCase()).toContain('end my life');
  }, 60_000);

  test('when requests come together, then each gets its own answer, in turn', async () => {
    const [sleep, life] = await Promise.all([
      utteranceOf('I have trouble sleeping at night'),
      utteranceOf('I want to end my life'),
    ]);
    const answers = await Promise.all([
      shared.transcribe(life),
      shared.transcribe(sleep),
      shared.transcribe(new Int16Array(0)),
    ]);
    expect(answers[0].text.toLowerCase()).toContain('end my life');
    expect(answers[1].text.toLowerCase()).toContain('sleep');
    expect(answers[2].text).toBe('');
  }, 60_000);

  test('when a waiting request is withdrawn, then it fails at once and the worker goes on to the next', async () => {
    const sleep = await utteranceOf('I have trouble sleeping at night');
    const withdraw = new AbortController();
    const first = shared.transcribe(sleep);
    const withdrawn = shared.transcribe(sleep, { signal: withdraw.signal });
    const next = shared.transcribe(new Int16Array(0));
    withdraw.abort();
    await expect(withdrawn).rejects.toThrow(/withdrawn/);
    expect((await first).text.toLowerCase()).toContain('sleep');
    expect(await next).toEqual({ text: '' });
    await expect(shared.transcribe(sleep, { signal: withdraw.signal })).rejects.toThrow(/withdrawn/);
  }, 60_000);

  test('when the worker crashes, then the request it held fails, and the worker is restarted and answers the next', async () => {
    const speech = await utteranceOf('I have trouble sleeping at night');
    const crashed = shared.workerPid!;
    const held = shared.transcribe(speech);
    process.kill(crashed, 'SIGKILL');
    await expect(held).rejects.toThrow(RecognizerError);

    const { text } = await shared.transcribe(speech);
    expect(text.toLowerCase()).toContain('sleep');
    expect(shared.workerPid).toBeDefined();
    expect(shared.workerPid).not.toBe(crashed);
  }, 60_000);
});

describe('the recogniser when things go wrong', () => {
  test('when a transcription takes longer than its timeout, then it fails and a new worker takes over', async () => {
    const impatient = recognizer({ requestTimeoutMs: 1 });
    try {
      await impatient.start();
      const stuck = impatient.workerPid;
      await expect(impatient.transcribe(await utteranceOf('I want to end my life'))).rejects.toThrow(
        /longer than 1 ms/,
      );
      await impatient.start();
      expect(impatient.workerPid).not.toBe(stuck);
    } finally {
      await impatient.close();
    }
  }, 60_000);

  test('when the worker cannot start, then requests fail with the reason instead of waiting', async () => {
    const broken = recognizer({ modelDir: '/nonexistent/model' });
    try {
      await expect(broken.transcribe(new Int16Array(16000))).rejects.toThrow(/could not start/);
    } finally {
      await broken.close();
    }
  }, 60_000);

  test('when too many utterances wait, then the next is refused at once as busy', async () => {
    const small = recognizer({ maxQueued: 2 });
    try {
      const waiting = [small.transcribe(new Int16Array(1600)), small.transcribe(new Int16Array(1600))];
      await expect(small.transcribe(new Int16Array(1600))).rejects.toThrow(/busy/);
      expect(await Promise.all(waiting)).toEqual([{ text: '' }, { text: '' }]);
    } finally {
      await small.close();
    }
  }, 60_000);

  test('when the recogniser is closed, then its worker exits and new requests are refused', async () => {
    const closing = recognizer();
    await closing.start();
    const pid = closing.workerPid!;
    await closing.close();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(closing.transcribe(new Int16Array(10))).rejects.toThrow(/closed/);
  }, 60_000);
});

describe("the worker's framing, from the worker's side", () => {
  /** Runs the worker on `input` and returns its exit code and its stdout lines. */
  async function worker(input: Buffer) {
    const child = spawn(settings.python, [settings.workerScript, '--model', settings.modelDir, '--threads', '1']);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.resume();
    child.stdin.end(input);
    const [code] = await once(child, 'exit');
    return {
      code: code as number,
      lines: out
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    };
  }

  test('when requests end cleanly, then each is answered by id and the worker exits with 0', async () => {
    const { code, lines } = await worker(
      Buffer.concat([encodeRequest(41, new Int16Array(0)), encodeRequest(42, new Int16Array(8000))]),
    );
    expect(code).toBe(0);
    expect(lines[0]).toMatchObject({ ready: true });
    expect(lines.slice(1).map((line) => line.id)).toEqual([41, 42]);
    expect(lines[1]).toMatchObject({ id: 41, text: '' });
  }, 60_000);

  test('when a header is not JSON or the audio stops short, then the worker stops with 2 rather than guess', async () => {
    expect((await worker(Buffer.from('hello\n'))).code).toBe(2);
    expect((await worker(encodeRequest(1, new Int16Array(100)).subarray(0, 50))).code).toBe(2);
    expect((await worker(Buffer.from('{"id": 1, "samples": 99999999999}\n'))).code).toBe(2);
  }, 60_000);
});
