// What the assistant says and how: the system prompt for the model, the offline answer composed from
// the portal's own pages, and the crisis reply (safe-messaging: calm, direct, resources first).
import {
  CRISIS_LINES,
  DISCLAIMER,
  DOMESTIC_VIOLENCE_LINE,
  EMERGENCY_LINE,
  PLANS,
  assistantSystemPrompt,
} from '@hhp/proto';
import type { Caution } from './caution.js';
import type { Hit } from './retrieval.js';

/** The model's persona and safety instructions: one text in proto, shared with the voice call's Realtime model. */
export const systemPrompt = assistantSystemPrompt;

/** The passages as the model sees them. */
export function contextMessage(hits: Hit[]): string {
  if (hits.length === 0) {
    return 'No portal page covers this question. Say so plainly, answer only in general terms and briefly, and suggest a session (booked at /book) where it needs more than that.';
  }
  return hits.map(({ passage }, i) => `[${i + 1}] ${passage.title} (${passage.path})\n${passage.text}`).join('\n\n');
}

/**
 * An answer without a language model: the lines of the pages that fit, said plainly to come from the
 * library. A question that needs a doctor or pharmacist first (caution.ts) says so first, and where it
 * names a medicine, a pregnancy or a child, no herb, supplement or remedy of the pages is passed on.
 */
export function offlineAnswer(practitioner: string, hits: Hit[], caution?: Caution): string {
  const intro = `I'm ${practitioner}'s AI, answering from the portal's own library right now (the live AI model is not connected).`;
  const first = caution ? [cautionNotice(caution)] : [];
  if (hits.length === 0) return [...first, intro, nothingFits(practitioner), DISCLAIMER].join('\n\n');
  const withheld = caution?.kinds.some((kind) => kind !== 'lasting') === true;
  let left = false;
  const sections = hits.flatMap(({ passage, lines }) => {
    const kept = withheld ? lines.filter((line) => !REMEDY.test(line)) : lines;
    left ||= kept.length < lines.length;
    if (kept.length === 0) return [];
    return [`From "${passage.title}" (${passage.path}):\n${kept.map((line) => `• ${line}`).join('\n')}`];
  });
  const after = left
    ? [
        "I've left out the herbs, supplements and remedies these pages mention: please ask your doctor or pharmacist before trying any of them.",
      ]
    : [];
  return [...first, `${intro} Here is what it says:`, ...sections, ...after, DISCLAIMER].join('\n\n');
}

/** Lines that suggest something to swallow or apply: withheld beside a medicine, a pregnancy or a child. */
const REMEDY =
  /\b(?:herbs?|herbal|ashwagandha|brahmi|triphala|licorice|liquorice|fennel|coriander|turmeric|neem|tulsi|nutmeg|ginger|pepper|spices?|spiced|magnesium|omega-3|supplements?|aloe|tea|juice|tonic|vitamins?|mint|cacao|cherries|coconut water|oil)\b/i;

/** The first words of an answer to a question that needs a doctor or pharmacist first (caution.ts). */
function cautionNotice({ kinds, medicine }: Caution): string {
  const reasons: string[] = [];
  if (kinds.includes('medicine')) {
    reasons.push(
      `Because your question involves ${medicine ? `a medicine (${medicine})` : 'a medicine'}, please ask your doctor or pharmacist before you add any herb, supplement or remedy, or change how you take it: herbs and supplements can interact with medicines, making them stronger or weaker. Please don't stop or change a medicine without your doctor.`,
    );
  }
  if (kinds.includes('pregnancy')) {
    reasons.push(
      'During pregnancy, while trying to conceive or while breastfeeding, please ask your doctor, midwife or pharmacist before you try any herb, supplement or new treatment: many that are fine at other times are not advised then.',
    );
  }
  if (kinds.includes('child')) {
    reasons.push(
      "For a child, please ask the child's doctor or a pharmacist first: children need advice and doses of their own, and the library's pages are written for adults.",
    );
  }
  if (kinds.includes('lasting')) {
    reasons.push(
      'Symptoms that last for weeks or keep getting worse need a visit to your doctor, to find out what is behind them; please see them soon, and at once if new or severe symptoms appear.',
    );
  }
  return reasons.join(' ');
}

/** Told to the model for a question that needs a doctor or pharmacist first (caution.ts). */
export function cautionPrompt({ kinds, medicine }: Caution): string {
  const about = [
    kinds.includes('medicine') && (medicine ? `a medicine (${medicine})` : 'a medicine'),
    kinds.includes('pregnancy') && 'pregnancy, conceiving or breastfeeding',
    kinds.includes('child') && 'a child',
    kinds.includes('lasting') && 'symptoms that have lasted weeks or are getting worse',
  ].filter(Boolean);
  const why = [
    kinds.includes('medicine') && 'herbs and supplements can interact with medicines',
    kinds.includes('pregnancy') && 'not all herbs and supplements are safe in pregnancy or while breastfeeding',
    kinds.includes('child') && 'children need advice and doses of their own',
  ].filter(Boolean);
  return [
    `This question involves ${about.join(', ')}. Begin your answer with one or two sentences telling the person to ask their doctor or pharmacist first${kinds.includes('child') ? " (for a child, the child's doctor)" : ''}${kinds.includes('lasting') ? ', and to see their doctor soon about symptoms that last or worsen' : ''}.`,
    kinds.some((kind) => kind !== 'lasting')
      ? `Do not suggest any herb, supplement, tea, spice or remedy to take${medicine ? ` with ${medicine}` : ''}, not even one the portal passages mention: say that ${why.join(', that ')}, and that their doctor or pharmacist can check. Never tell them to stop or change a medicine.`
      : 'You may add gentle, general suggestions from the portal passages after that.',
  ].join(' ');
}

/** What the offline engine says when no page fits: so, plainly, and where to get a real answer. */
function nothingFits(practitioner: string): string {
  const session = PLANS['ai-session'];
  const consultation = PLANS['dr-helen'];
  return (
    "The library has nothing on this question, and I'd rather say so than answer from a page that doesn't fit. " +
    `A session can go into it properly: a one-hour AI session is $${session.price.replace(/\.00$/, '')}, and a ${consultation.durationMinutes}-minute consultation with ${practitioner} is $${consultation.price.replace(/\.00$/, '')}; both are booked at /book. ` +
    'The Symptom Explorer (/symptoms) and the Treatments page (/treatments) show everything the library covers.'
  );
}

/** The first words of any answer to a question that describes a medical emergency (emergency.ts). */
export const EMERGENCY_NOTICE = `If this is happening now, please call ${EMERGENCY_LINE.number} (or your local emergency number) or go to the nearest emergency room right away. Chest pain, trouble breathing, signs of a stroke, a severe allergic reaction, heavy bleeding or a seizure need emergency care, not an online answer.`;

/** Told to the model when the question reads as an emergency: the notice above comes before its words. */
export const EMERGENCY_PROMPT = `This question may describe a medical emergency. The reply already begins with a notice to call ${EMERGENCY_LINE.number} or go to the nearest emergency room; do not repeat it. Keep your answer short and calm, give no home remedy in place of emergency care, and say only what may help while help is on its way (stay with the person, do not drive yourself, unlock the door).`;

/** The whole answer to an emergency without the model, or with no free question left: where to get help. */
export function emergencyAnswer(practitioner: string): string {
  return [
    EMERGENCY_NOTICE,
    `I'm ${practitioner}'s AI and can't assess an emergency. Please don't wait for an answer here: call for help now, and if you can, ask someone nearby to stay with you.`,
    DISCLAIMER,
  ].join('\n\n');
}

export function crisisAnswer(language: 'en' | 'es' = 'en', { domesticViolence = false } = {}): string {
  const { number: dvNumber, label: dvLabel, text: dvText } = DOMESTIC_VIOLENCE_LINE;
  if (language === 'es') {
    const { phone, text } = CRISIS_LINES;
    return [
      'Siento mucho que estés pasando por esto. No tienes que enfrentarlo a solas y hay ayuda disponible ahora mismo.',
      `Llama al ${phone.number} y marca el ${phone.spanish.press} para hablar en español con la ${phone.spanish.label} (${phone.label}), o envía ${phone.spanish.keyword} por mensaje de texto al ${phone.number}. También puedes enviar ${text.spanish.keyword} al ${text.number} para hablar en español con la Crisis Text Line. Son gratuitos, confidenciales y atienden las 24 horas, los 7 días de la semana.`,
      ...(domesticViolence
        ? [
            `Si alguien te hace daño o te amenaza, la ${dvLabel} (Línea Nacional sobre la Violencia Doméstica) te ayuda en español, gratis y de forma confidencial, las 24 horas: llama al ${dvNumber}.`,
          ]
        : []),
      'Si estás en peligro inmediato, llama al 911 o ve a la sala de emergencias más cercana.',
      'Si puedes, habla con alguien de confianza y cuéntale cómo te sientes. Soy una IA y no puedo darte el apoyo que mereces, pero estas personas sí pueden.',
    ].join('\n\n');
  }
  return [
    "I'm really sorry you're going through this. You don't have to face it alone, and help is available right now.",
    `Please call or text 988 to reach the ${CRISIS_LINES.phone.label}, or text HOME to 741741 to reach the Crisis Text Line. Both are free, confidential and open 24/7.`,
    ...(domesticViolence
      ? [
          `If someone is hurting or threatening you, the ${dvLabel} is free, confidential and open 24/7: call ${dvNumber} or text ${dvText.keyword} to ${dvText.number}.`,
        ]
      : []),
    'If you are in immediate danger, please call 911 or go to the nearest emergency room.',
    "If you can, reach out to someone you trust and let them know how you're feeling. I'm an AI and can't give you the support you deserve, but these people can.",
  ].join('\n\n');
}
