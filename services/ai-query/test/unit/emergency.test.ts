import { isMedicalEmergency } from '../../src/answers/emergency.js';

describe('medical emergencies in a question', () => {
  test.each([
    "I'm having chest pain and can't breathe",
    'crushing pressure in my chest and my left arm hurts',
    'My chest feels tight and heavy',
    'I think I am having a heart attack',
    'my husband is having a stroke i think',
    'Struggling to breathe after a bee sting',
    'my baby is not breathing',
    'his lips are turning blue',
    "My mom's face is drooping and her speech is slurred",
    'sudden numbness on one side of my body',
    'suddenly can’t see out of one eye',
    'worst headache of my life, came on suddenly',
    'my throat is closing up after eating peanuts',
    'tongue swelling after a new medicine',
    'I think this is anaphylaxis',
    "the cut won't stop bleeding",
    'I am coughing up blood',
    'my daughter is having a seizure',
    "my dad passed out and won't wake up",
    "I can't wake him up",
    'my toddler swallowed a button battery',
    'he drank bleach',
  ])('when asked %j, then it is an emergency', (question) => {
    expect(isMedicalEmergency(question)).toBe(true);
  });

  test.each([
    'What helps with insomnia?',
    'I feel tired all the time',
    'my back is killing me after gardening',
    'How can I breathe more deeply when I meditate?',
    'breathing exercises for anxiety',
    'I have trouble waking up in the morning',
    "I can't wake up early no matter what",
    'I got choked up talking about my father',
    'my face is swollen with acne',
    'I had a heavy dinner and feel bloated',
    'Can chiropractic care help with headaches?',
    'I bled a little when I flossed',
  ])('when asked %j, then it is not an emergency', (question) => {
    expect(isMedicalEmergency(question)).toBe(false);
  });
});
