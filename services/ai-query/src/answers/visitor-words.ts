// How visitors put what each page is about in their own words: the complaints as people say them ("I snap at
// people", "my clothes are getting tight"), not as the page names them. Read by the library's sentence-embedding
// search only, beside the page's own lines, so that a question phrased far from a page's words still meets it;
// never quoted in an answer. Written from the catalogue (proto/src/catalogue) and the tuning half of the labelled
// sets (test/retrieval-set.json, test/retrieval-paraphrase-set.json), never from their held-out half.
/** Page address → short descriptions in a visitor's words. */
export const VISITOR_WORDS: Readonly<Record<string, readonly string[]>> = {
  '/conditions/insomnia': [
    'I cannot fall asleep or stay asleep at night',
    'lying awake in bed for hours, my mind will not switch off',
    'waking up in the middle of the night and not getting back to sleep',
    'restless nights, tossing and turning, sleepless',
    'I only get a few hours of sleep and wake up too early',
    'my thoughts keep me up at night',
    'light, broken sleep, I wake at every little noise',
    'my body clock is off and I am wide awake at bedtime',
  ],
  '/conditions/constipation-anxiety': [
    'constipated and anxious at the same time',
    'my bowels are blocked up and backed up when I am worried or stressed',
    'nervous stomach, on edge, and I cannot go to the toilet',
    'anxiety and a sluggish gut feed each other',
    'I have not had a bowel movement in days and I feel tense',
    'worry goes straight to my stomach and everything stops moving',
    'hard stools, straining, and a knot of nerves in my belly',
  ],
  '/conditions/acid-reflux': [
    'heartburn, a burning feeling in my chest or throat after eating',
    'sour taste and burping, food coming back up',
    'indigestion and acid after spicy food, coffee or a big meal',
    'a hot, burning throat when I lie down after dinner',
    'acid rising into my mouth at night',
  ],
  '/conditions/rashes': [
    'red itchy bumps or patches on my skin',
    'my skin breaks out, flares up or gets irritated',
    'hives, eczema or a rash that keeps coming back',
    'dry, scaly, inflamed skin that I keep scratching',
    'welts or blotches after I eat certain foods or touch something',
  ],
  '/conditions/irritability': [
    'I snap at people and lose my temper over small things',
    'short fuse, easily annoyed, cranky and angry',
    'everything gets on my nerves and I fly off the handle',
    'I get grumpy and agitated when I am hungry or tired',
    'little things set me off and I regret how I react',
    'I feel frustrated and on a hair trigger all day',
  ],
  '/conditions/nervous-overeating': [
    'I eat when I am stressed, bored or upset, not hungry',
    'comfort eating and snacking late at night',
    'binge on junk food and sweets to cope with my feelings',
    'I raid the fridge when I am anxious',
    'food is how I calm my nerves and I cannot stop once I start',
    'mindless grazing all evening in front of the screen',
  ],
  '/conditions/weight-gain': [
    'I keep putting on weight even though I eat the same',
    'my clothes are getting tight, extra pounds around my middle',
    'slow metabolism, struggling to lose weight',
    'the scale keeps creeping up and diets do not work',
    'a bigger belly and a heavier body than a few years ago',
  ],
  '/conditions/lethargy-depression': [
    'always exhausted and feeling down, sad or hopeless',
    'no energy, no motivation, struggling to get out of bed',
    'low mood and fatigue, feeling flat and heavy, worse in the dark winter months',
    'nothing brings me joy anymore and I am tired all the time',
    'I feel empty, drained and cannot be bothered to do anything',
    'a gloomy, heavy feeling that drags me down every day',
  ],
  '/treatments#ayurveda': [
    'traditional Indian medicine with doshas, herbs and daily routines',
    'which body type or dosha am I, Vata, Pitta or Kapha',
    'an ancient holistic system from India, oil massage and herbal remedies',
    'balancing my constitution with diet, routine and seasons',
  ],
  '/treatments#chiropractic': [
    'a chiropractor who adjusts or cracks the back and neck',
    'spine alignment, posture and back or neck problems',
    'getting my spine manipulated to ease stiffness and tension',
    'hands-on treatment of the back, without drugs',
  ],
  '/treatments#naet': [
    'a treatment for allergies and food sensitivities without medication',
    'muscle testing and acupressure for allergic reactions',
    'clearing sensitivities to foods, pollen or animals one at a time',
  ],
  '/treatments#lifevessel': [
    'a deep relaxation chamber with sound, light and vibration',
    'lie in a pod to de-stress and let the body rest and repair',
    'a bed or capsule with music and vibrations to switch off stress',
  ],
  '/treatments#lifewave': [
    'wearable patches stuck on the skin for energy and sleep',
    'light therapy patches, no needles or drugs',
    'stick-on wellness patches, do they work',
  ],
  '/treatments#nutrition': [
    'healing with food, a plant-based diet instead of pills',
    'what to eat, when to eat and drinking enough water',
    'eating whole foods, vegetables and fibre to get healthier',
    'changing my diet to help my body repair itself',
  ],
  '/symptoms#digestive': [
    'stomach and bowel problems: bloating, gas, constipation, heartburn',
    'my belly is swollen, gassy and uncomfortable',
    'my digestion is all over the place, irregular trips to the toilet',
    'stomach cramps and rumbling after meals',
  ],
  '/symptoms#energy': [
    'tired all the time, energy crashes in the afternoon',
    'I wake up unrested and my head feels foggy',
    'I cannot concentrate and feel worn out',
    'running out of steam halfway through the day',
  ],
  '/symptoms#pain': [
    'aches and pains in my joints, back, neck or muscles',
    'stiff, sore body and tension headaches',
    'my knees, hips or shoulders hurt and feel stiff',
    'a pounding head and tight muscles',
  ],
  '/symptoms#mental': [
    'anxiety, worry, stress, mood and sleep problems',
    'feeling on edge, irritable, low and not sleeping well',
    'my emotions are all over the place and my nerves are frayed',
    'stressed out, overwhelmed and unhappy',
  ],
  '/symptoms#skin': [
    'skin problems and allergies: rashes, itching, eczema',
    'reactions to foods, pollen or seasons',
    'itchy, blotchy skin and sneezing in spring',
  ],
  '/symptoms#hormonal': [
    'hormone problems: irregular periods, PMS, mood swings',
    'unexplained weight changes and sugar cravings',
    'my cycle is unpredictable and my moods go up and down',
    'craving sweets and feeling different at certain times of the month',
  ],
  '/book': [
    'how much does it cost and how do I book an appointment',
    'prices, subscription plans and free questions',
    'can I see the practitioner in person and when is she available',
    'how do I pay, subscribe or cancel',
  ],
};

/**
 * Health and other subjects no page covers, as a question about them would sound. A question nearer one of these
 * than to anything the library says gets no page ("nothing fits"), however near its nearest page: "my gums
 * bleed" is about gums, not the digestive page it is nearest. Not a list of questions: kinds of subject.
 */
export const ELSEWHERE: readonly string[] = [
  'teeth, toothache, gums and the dentist',
  'eyes: sore, dry or strained eyes, eyesight, vision and glasses',
  'ears, hearing loss, earache and ringing in the ears',
  'broken bones, fractures, sprains and sports injuries',
  'the heart, blood pressure, cholesterol and circulation',
  'varicose veins and blood clots in the legs',
  'diabetes and insulin',
  'cancer, tumours and lumps',
  'kidneys, bladder and urinary infections',
  'lungs, asthma, coughs, colds, flu and fever',
  'hair loss, baldness, dandruff and the scalp',
  'pregnancy, fertility and contraception',
  'cuts, wounds, burns and sunburn',
  'infections, antibiotics and vaccines',
  'quitting smoking, alcohol and drugs',
  'vitamins and supplements for bones',
  'pets and animals being ill',
  'moles, warts, nails and sweating',
  'the liver, the gallbladder and hepatitis',
  'memory loss, dementia, strokes and seizures',
  'the thyroid gland',
  'the nose, sinuses, nosebleeds and sore throats',
  'bruises, bleeding and blood tests',
  'prostate, erections and sexual health',
  'surgery, operations, scans and medical tests',
  'first aid, choking and poisoning',
  'the weather, travel, cooking recipes, computers and homework',
];
