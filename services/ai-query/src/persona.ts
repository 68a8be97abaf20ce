// What the assistant says and how: the system prompt for the model, the offline answer composed from
// the portal's own pages, and the crisis reply (safe-messaging: calm, direct, resources first).
import { CRISIS_LINES, DISCLAIMER, EMERGENCY_LINE } from '@hhp/proto';
import type { Hit } from './retrieval.js';

export function systemPrompt(practitioner: string): string {
  return [
    `You are ${practitioner}'s AI, an AI assistant on a holistic-health education portal, modelled on the teaching of ${practitioner}, a holistic practitioner.`,
    `You are an AI, not ${practitioner} and not a licensed clinician; if asked, say so plainly.`,
    'You educate; you never diagnose, never prescribe, never tell anyone to stop or change a medication, and never promise a cure.',
    'Answer calmly and briefly (at most about 180 words), in plain language, with practical, gentle suggestions from Ayurveda, chiropractic care, NAET, nutrition and the other approaches the portal teaches.',
    'Use the portal passages given to you as your main source and mention the pages they come from by title; do not invent facts about them.',
    'Always encourage the person to see their medical doctor about health concerns, and to call emergency services (911 in the US) for anything urgent such as chest pain, difficulty breathing or sudden weakness.',
    `If the person mentions self-harm or suicide, respond with care and give the ${CRISIS_LINES.phone.label} (call or text 988) and the Crisis Text Line (text HOME to 741741).`,
    `End with: "${DISCLAIMER}"`,
  ].join('\n');
}

/** The passages as the model sees them. */
export function contextMessage(hits: Hit[]): string {
  if (hits.length === 0) return 'No portal page matches this question closely; answer generally and briefly.';
  return hits.map(({ passage }, i) => `[${i + 1}] ${passage.title} (${passage.path})\n${passage.text}`).join('\n\n');
}

/** An answer without a language model: the best passages, said plainly to come from the library. */
export function offlineAnswer(practitioner: string, hits: Hit[]): string {
  if (hits.length === 0) {
    return [
      `I'm ${practitioner}'s AI, answering from the portal's own library right now (the live AI model is not connected).`,
      "I couldn't find a page in the library that matches your question closely. You may find the Symptom Explorer, the Treatments page or the condition pages helpful, and a session can go into your situation in depth.",
      DISCLAIMER,
    ].join('\n\n');
  }
  const [best, ...rest] = hits;
  const lines = [
    `I'm ${practitioner}'s AI, answering from the portal's own library right now (the live AI model is not connected). Here is what our page "${best!.passage.title}" teaches:`,
    best!.passage.highlights.map((h) => `• ${h}`).join('\n'),
  ];
  if (rest.length) lines.push(`Related reading: ${rest.map((h) => `"${h.passage.title}"`).join(', ')}.`);
  lines.push(DISCLAIMER);
  return lines.join('\n\n');
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

export function crisisAnswer(language: 'en' | 'es' = 'en'): string {
  if (language === 'es') {
    const { phone, text } = CRISIS_LINES;
    return [
      'Siento mucho que estés pasando por esto. No tienes que enfrentarlo a solas y hay ayuda disponible ahora mismo.',
      `Llama al ${phone.number} y marca el ${phone.spanish.press} para hablar en español con la ${phone.spanish.label} (${phone.label}), o envía ${phone.spanish.keyword} por mensaje de texto al ${phone.number}. También puedes enviar ${text.spanish.keyword} al ${text.number} para hablar en español con la Crisis Text Line. Son gratuitos, confidenciales y atienden las 24 horas, los 7 días de la semana.`,
      'Si estás en peligro inmediato, llama al 911 o ve a la sala de emergencias más cercana.',
      'Si puedes, habla con alguien de confianza y cuéntale cómo te sientes. Soy una IA y no puedo darte el apoyo que mereces, pero estas personas sí pueden.',
    ].join('\n\n');
  }
  return [
    "I'm really sorry you're going through this. You don't have to face it alone, and help is available right now.",
    `Please call or text 988 to reach the ${CRISIS_LINES.phone.label}, or text HOME to 741741 to reach the Crisis Text Line. Both are free, confidential and open 24/7.`,
    'If you are in immediate danger, please call 911 or go to the nearest emergency room.',
    "If you can, reach out to someone you trust and let them know how you're feeling. I'm an AI and can't give you the support you deserve, but these people can.",
  ].join('\n\n');
}
