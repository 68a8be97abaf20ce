import { readFileSync } from 'node:fs';
import { cautionFor, type CautionKind } from '../../src/answers/caution.js';

describe('questions that need a doctor or pharmacist first', () => {
  test.each<[string, CautionKind, string?]>([
    // Medicines, named or not, alone or with an herb or supplement.
    ['Is ayurveda safe with blood thinners?', 'medicine', 'blood thinners'],
    ['Can I take ashwagandha while on warfarin?', 'medicine', 'warfarin'],
    ['I take Eliquis, is turmeric ok for my joints?', 'medicine', 'eliquis'],
    ["I'm on Zoloft, would St John's wort help my mood more?", 'medicine', 'zoloft'],
    ['can i mix triphala with my blood pressure meds', 'medicine', 'blood pressure meds'],
    ['Does licorice interact with my medication?', 'medicine'],
    ['are there any drug interactions with brahmi', 'medicine'],
    ['My doctor prescribed levothyroxine, can I still do ayurveda?', 'medicine', 'levothyroxine'],
    ['Is it ok to stop my antidepressants and use herbs instead?', 'medicine', 'antidepressants'],
    ['I want to come off my meds and go natural', 'medicine'],
    ['Can I use magnesium with my sleeping pills?', 'medicine', 'sleeping pills'],
    ['Will NAET work if I am on steroids?', 'medicine', 'steroids'],
    ['I take metformin for my blood sugar, what foods help?', 'medicine', 'metformin'],
    ['is ginger safe with aspirin', 'medicine', 'aspirin'],
    ['I am on the pill, can I take tulsi?', 'medicine', 'the pill'],
    ['How much ashwagandha should I take a day?', 'medicine'],
    ['What dosage of magnesium is right for sleep?', 'medicine'],
    ['I take a lot of prescription drugs, can chiropractic still help?', 'medicine'],
    ['Can I have LifeVessel sessions during chemo?', 'medicine', 'chemo'],
    ['Will these herbs affect my thyroid medication?', 'medicine', 'thyroid medication'],
    ['Are your herbs safe with my heart medicines?', 'medicine'],
    ["I'm on blood-thinning medication, can I get a massage?", 'medicine'],
    ['my mom takes coumadin, is turmeric tea ok for her', 'medicine', 'coumadin'],
    ['Can I keep taking my SSRI while doing ayurveda?', 'medicine', 'ssri'],
    ["I'm on HRT, will LifeWave patches help my sleep?", 'medicine', 'hrt'],
    ['I am on methotrexate for RA, is turmeric ok', 'medicine', 'methotrexate'],
    ['I take lisinopril, is licorice ok?', 'medicine', 'lisinopril'],
    ['Is omeprazole safe with triphala?', 'medicine', 'omeprazole'],
    ['my doctor put me on something new for my heart, can I still use LifeWave', 'medicine'],
    ['taking something for my blood pressure, can I do chiropractic', 'medicine'],
    // Pregnancy and breastfeeding.
    ['Is triphala safe during pregnancy?', 'pregnancy'],
    ["I'm 20 weeks pregnant and can't sleep", 'pregnancy'],
    ['Can I see a chiropractor in my third trimester?', 'pregnancy'],
    ["I'm breastfeeding, can I drink tulsi tea?", 'pregnancy'],
    ['is fenugreek ok while nursing', 'pregnancy'],
    ['We are trying to conceive, which herbs should I avoid?', 'pregnancy'],
    ['postpartum anxiety and no sleep', 'pregnancy'],
    ["I'm expecting and have terrible heartburn", 'pregnancy'],
    ['my wife is pregnant and has bad reflux', 'pregnancy'],
    ['what herbs should a nursing mother avoid', 'pregnancy'],
    // Children.
    ['What can I give my 6 year old for constipation?', 'child'],
    ['My toddler has an itchy rash', 'child'],
    ['Is NAET safe for kids?', 'child'],
    ['my daughter gets anxious before school', 'child'],
    ['Can a baby have chiropractic adjustments?', 'child'],
    ['my teenager cannot fall asleep at night', 'child'],
    ['herbs for children with eczema', 'child'],
    ['my son is 9 months old and constipated', 'child'],
    ['my 3yo is itchy all over', 'child'],
    ['ayurveda for my stepson who has eczema', 'child'],
    // Symptoms that last weeks or get worse.
    ["I've had heartburn for three weeks", 'lasting'],
    ['my rash has been there for 2 months', 'lasting'],
    ['I have been exhausted for months', 'lasting'],
    ["Insomnia for the past few weeks, what's going on?", 'lasting'],
    ['My back pain is getting worse', 'lasting'],
    ['the itching keeps getting worse every day', 'lasting'],
    ["This bloating won't go away", 'lasting'],
    ["I've felt low for over a month", 'lasting'],
    ['constipated since January', 'lasting'],
    ['I have chronic back pain', 'lasting'],
    ['Headaches started 3 weeks ago and are more frequent now', 'lasting'],
    ['my reflux is not going away no matter what I eat', 'lasting'],
    ["it's been two weeks and I still can't sleep", 'lasting'],
    ['tired for 3 wks straight', 'lasting'],
    ['the rash is spreading', 'lasting'],
    ['headaches more and more often', 'lasting'],
  ])('when asked %j, then it needs a %s caution', (question, kind, medicine = undefined) => {
    const caution = cautionFor(question);
    expect(caution?.kinds).toContain(kind);
    if (medicine) expect(caution?.medicine).toBe(medicine);
  });

  test('when a question has several reasons, then it has each of them', () => {
    expect(cautionFor("I'm pregnant and on levothyroxine; my heartburn has lasted for weeks")).toEqual({
      kinds: ['medicine', 'pregnancy', 'lasting'],
      medicine: 'levothyroxine',
    });
  });

  test.each([
    'What is NAET?',
    'How can I calm anxiety naturally?',
    'What does food as medicine mean?',
    'Is holistic medicine evidence based?',
    'What is Ayurvedic medicine?',
    'Is chiropractic a drug-free approach?',
    'Which herbs help with sleep?',
    'Is ashwagandha good for stress?',
    'What does turmeric do for the skin?',
    'How does stress interfere with sleep?',
    'How do the gut and the brain interact?',
    'My heartburn gets worse when I lie down',
    'Does coffee make reflux worse?',
    'How does chronic stress affect digestion?',
    'I was a child when my eczema started',
    'How do I heal my inner child?',
    'I wake up at 3am every night',
    'What is a LifeVessel session like?',
    'How much water should I drink a day?',
    'I feel tired after lunch',
    'Can chiropractic help migraines?',
    'I had a heavy week at work and feel drained',
    'What is the nervous system?',
    'How much does a session cost?',
    'Tips for mindful eating',
    'I started yoga and feel calmer',
    'What are the three doshas?',
    'best foods for the gut microbiome',
    'I was sick for two days last week',
    'How do I get my 8 hours of sleep?',
    'My son-in-law recommended ayurveda, what is it?',
    'What can I eat after a workout?',
    // The Symptom Explorer's requests around ordinary symptoms (frontend/src/features/symptoms/texts.ts).
    'Please analyze the following symptoms from a holistic medicine perspective, and explain possible root causes and natural approaches that may help: tired all day',
    'From the Ayurvedic perspective only (Ayurveda: the doshas, digestion and daily routine), what may lie behind these symptoms, and which Ayurvedic approaches may help? My symptoms: bloating',
    'From the nutritional perspective only (food as medicine: plant-based nutrition), which foods and eating habits may help with these symptoms? My symptoms: bloating',
    'From the chiropractic perspective only (chiropractic care: the spine and the nervous system), how may chiropractic care help with these symptoms? My symptoms: stiff neck',
  ])('when asked %j, then no caution is added', (question) => {
    expect(cautionFor(question)).toBeUndefined();
  });

  test('when the 133 labelled visitor questions of the retrieval set are asked (none about a medicine, a pregnancy, a child or lasting symptoms), then none adds a caution', () => {
    const { questions } = JSON.parse(readFileSync(new URL('../retrieval-set.json', import.meta.url), 'utf8')) as {
      questions: { q: string }[];
    };
    expect(questions.filter(({ q }) => cautionFor(q) !== undefined).map(({ q }) => q)).toEqual([]);
  });
});
