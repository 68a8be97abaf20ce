import type { VoiceServerMessage } from '@hhp/proto/voice';
import { renderToStaticMarkup } from 'react-dom/server';
import { AiAnswer, type ShownAnswer } from '../../src/shared/ai/AiAnswer';
import { offersCrisisLines } from '../../src/shared/crisis/offered-lines';
import { texts as crisisTexts } from '../../src/shared/crisis/texts';
import {
  gentleCrisisLines,
  initialVoiceState,
  voiceReducer,
  type VoiceEvent,
  type VoiceWidgetState,
} from '../../src/features/voice/voice-machine';

// The crisis lines offered gently beside an answer that says `crisisLines` (the crisis model's middle band: the
// message may hide a crisis), on every surface that shows an AI answer: the query bar and the condition pages'
// ask-boxes and the Symptom Explorer (AiAnswer), and the voice panel (its reducer). Never beside an ordinary answer.

const ORDINARY: ShownAnswer = {
  response: 'Sleep comes easier with a routine.\n\nTry chamomile tea before bed.',
  sources: [],
  isCrisis: false,
  isEmergency: false,
};
const html = (answer: ShownAnswer) => renderToStaticMarkup(<AiAnswer answer={answer} />);

describe('the crisis lines offered beside an answer', () => {
  test('when an answer says crisisLines, then the gentle heading and the tel:988 and sms:741741 links follow its words', () => {
    const shown = html({ ...ORDINARY, crisisLines: true });
    expect(shown).toContain(crisisTexts.offeredHeading.replace(/'/g, '&#x27;'));
    expect(shown).toContain('href="tel:988"');
    expect(shown).toMatch(/href="sms:741741[^"]*"/);
    // After the answer's words, as in the chat.
    expect(shown.indexOf('chamomile')).toBeLessThan(shown.indexOf('tel:988'));
    // Readable text and links only: no live region of its own.
    expect(shown).not.toMatch(/aria-live|role="(alert|status|log)"/);
  });

  test('when an answer is ordinary, then no line is offered', () => {
    const shown = html(ORDINARY);
    expect(shown).not.toContain('tel:988');
    expect(shown).not.toContain('741741');
    expect(shown).toContain('chamomile');
  });

  test('when the answer is the crisis answer, then it is not offered the gentle lines besides', () => {
    expect(offersCrisisLines({ isCrisis: true, crisisLines: true })).toBe(false);
    expect(offersCrisisLines({ isCrisis: false, crisisLines: true })).toBe(true);
    expect(offersCrisisLines({ isCrisis: false })).toBe(false);
    expect(offersCrisisLines({ crisisLines: undefined })).toBe(false);
  });
});

const run = (events: VoiceEvent[], from: VoiceWidgetState = initialVoiceState) => events.reduce(voiceReducer, from);
const message = (body: VoiceServerMessage): VoiceEvent => ({ type: 'message', message: body });
const QUOTA = { queriesUsed: 3, queriesAllowed: 3, isSubscriber: false };
const connected = () => run([{ type: 'startPressed' }, { type: 'connected' }]);
const heard = message({ type: 'transcript', role: 'user', text: 'my sleep issues wont matter soon', final: true });

describe("the voice panel's gentle crisis lines", () => {
  test('when an answer of the call says crisisLines, then the lines are offered, and stay for the call and after it', () => {
    const offered = run(
      [heard, message({ type: 'transcript', role: 'assistant', text: 'Rest helps.', final: true, crisisLines: true })],
      connected(),
    );
    expect(gentleCrisisLines(offered)).toBe(true);
    expect(offered.captions.map((line) => line.text)).toEqual(['my sleep issues wont matter soon', 'Rest helps.']);
    const later = run(
      [message({ type: 'transcript', role: 'assistant', text: 'Try tea.', final: true }), { type: 'endPressed' }],
      offered,
    );
    expect(gentleCrisisLines(later)).toBe(true);
  });

  test('when the answers are ordinary, then no line is offered', () => {
    const state = run(
      [heard, message({ type: 'transcript', role: 'assistant', text: 'Rest helps.', final: true })],
      connected(),
    );
    expect(gentleCrisisLines(state)).toBe(false);
    expect(gentleCrisisLines(initialVoiceState)).toBe(false);
  });

  test('when a new call starts, then the last call offered nothing to it', () => {
    const offered = run(
      [message({ type: 'transcript', role: 'assistant', text: 'Rest helps.', final: true, crisisLines: true })],
      connected(),
    );
    expect(gentleCrisisLines(run([{ type: 'endPressed' }, { type: 'startPressed' }], offered))).toBe(false);
  });

  test('when the panel shows the lines already (a limit, the upgrade options), then they are not offered twice', () => {
    const offered = run(
      [message({ type: 'transcript', role: 'assistant', text: 'Rest helps.', final: true, crisisLines: true })],
      connected(),
    );
    expect(
      gentleCrisisLines(run([message({ type: 'limit', reason: 'idle', message: 'Nothing was said.' })], offered)),
    ).toBe(false);
    expect(gentleCrisisLines(run([message({ type: 'quota', quota: QUOTA, exceeded: true })], offered))).toBe(false);
  });
});
