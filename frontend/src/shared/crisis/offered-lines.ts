/**
 * Whether the crisis lines are offered beside an answer: it says `crisisLines` (the crisis model's middle band: the
 * message may hide a crisis, and the answer is the ordinary one) and is not the crisis answer itself, which is the
 * lines already (the server never sends both; a surface does not show them twice if one did).
 */
export function offersCrisisLines(answer: {
  isCrisis?: boolean | undefined;
  crisisLines?: boolean | undefined;
}): boolean {
  return answer.crisisLines === true && answer.isCrisis !== true;
}
