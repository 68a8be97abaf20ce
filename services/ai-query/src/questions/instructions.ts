// The model's system messages for a question let in: the same for the chat's model call (answer.ts) and for
// the voice call's own model (admit.ts).
import type { AiQueryConfig } from '../config.js';
import type { Caution } from '../answers/caution.js';
import { EMERGENCY_PROMPT, cautionPrompt, contextMessage, systemPrompt } from '../answers/persona.js';
import type { Hit } from '../answers/retrieval.js';

/** The persona, the portal passages, the emergency and caution prompts. */
export function instructions(
  config: Pick<AiQueryConfig, 'PRACTITIONER_NAME'>,
  hits: Hit[],
  emergency: boolean,
  caution: Caution | undefined,
) {
  return [
    { role: 'system' as const, content: systemPrompt(config.PRACTITIONER_NAME) },
    { role: 'system' as const, content: `Portal passages:\n\n${contextMessage(hits)}` },
    ...(emergency ? [{ role: 'system' as const, content: EMERGENCY_PROMPT }] : []),
    ...(caution ? [{ role: 'system' as const, content: cautionPrompt(caution) }] : []),
  ];
}
