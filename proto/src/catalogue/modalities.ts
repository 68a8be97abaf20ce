export const MODALITY_IDS = ['ayurveda', 'chiropractic', 'naet', 'lifevessel', 'lifewave', 'nutrition'] as const;
export type ModalityId = (typeof MODALITY_IDS)[number];

export interface Modality {
  id: ModalityId;
  name: string;
  description: string;
  /** CSS gradient for the card header. */
  gradient: string;
  /** Name of the icon the frontend draws. */
  icon: string;
  colour: string;
  overview: string;
  /** Only Ayurveda and Chiropractic list benefits (specification, section 2). */
  benefits?: string[];
  /** Path of the page that explains it, for the assistant's citations. */
  path: string;
}

export const MODALITIES: Modality[] = [
  {
    id: 'ayurveda',
    name: 'Ayurveda',
    description: 'The 5,000-year-old science of life from India, balancing body, mind and spirit.',
    gradient: 'linear-gradient(135deg, #f6d365 0%, #fda085 100%)',
    icon: 'leaf',
    colour: '#b45309',
    overview:
      'Ayurveda sees health as a balance of three doshas: Vata (movement), Pitta (transformation) and Kapha (structure). ' +
      'Daily routines, seasonal eating, herbs, oil massage and breath work are used to restore the balance that is natural for each person.',
    benefits: [
      'Supports healthy digestion and metabolism',
      'Calms the nervous system and improves sleep',
      'Personalized to your body type (dosha)',
      'Encourages daily routines that prevent imbalance',
    ],
    path: '/treatments#ayurveda',
  },
  {
    id: 'chiropractic',
    name: 'Chiropractic',
    description: 'Gentle spinal care that supports the nervous system and natural healing.',
    gradient: 'linear-gradient(135deg, #a1c4fd 0%, #c2e9fb 100%)',
    icon: 'spine',
    colour: '#1d4ed8',
    overview:
      'Chiropractic care focuses on the spine and the nervous system it protects. Gentle adjustments aim to improve ' +
      'mobility and posture and to relieve tension that can affect sleep, digestion and energy.',
    benefits: [
      'Relieves back, neck and joint tension',
      'Improves posture and mobility',
      'Supports nervous system balance',
      'Drug-free approach to comfort',
    ],
    path: '/treatments#chiropractic',
  },
  {
    id: 'naet',
    name: 'NAET',
    description: 'Nambudripad\u2019s Allergy Elimination Techniques for sensitivities and allergies.',
    gradient: 'linear-gradient(135deg, #d4fc79 0%, #96e6a1 100%)',
    icon: 'shield',
    colour: '#15803d',
    overview:
      'NAET (allergy-elimination therapy) combines muscle testing, acupressure along the spine and principles from ' +
      'kinesiology and nutrition. Practitioners use it to address sensitivities to foods and environmental substances one at a time.',
    path: '/treatments#naet',
  },
  {
    id: 'lifevessel',
    name: 'LifeVessel',
    description: 'A relaxation chamber using vibration, light and sound to calm the body.',
    gradient: 'linear-gradient(135deg, #e0c3fc 0%, #8ec5fc 100%)',
    icon: 'sound',
    colour: '#6d28d9',
    overview:
      'A LifeVessel session is a deep-relaxation experience in which synchronized vibration, colour and sound help the ' +
      'body shift from stress mode into rest-and-repair mode.',
    path: '/treatments#lifevessel',
  },
  {
    id: 'lifewave',
    name: 'LifeWave',
    description: 'Wearable energy patches that use light to support wellness.',
    gradient: 'linear-gradient(135deg, #fbc2eb 0%, #a6c1ee 100%)',
    icon: 'thunderbolt',
    colour: '#be185d',
    overview:
      'LifeWave patches are non-transdermal wearables that reflect the body\u2019s own infrared light. They are used as a ' +
      'gentle complement to other approaches for energy, sleep and a sense of calm.',
    path: '/treatments#lifewave',
  },
  {
    id: 'nutrition',
    name: 'Food as Medicine',
    description: 'Plant-based nutrition that nourishes healing from the inside out.',
    gradient: 'linear-gradient(135deg, #84fab0 0%, #8fd3f4 100%)',
    icon: 'apple',
    colour: '#047857',
    overview:
      'Whole, plant-based foods supply the fibre, antioxidants and minerals the body uses to repair itself. Meal timing, ' +
      'hydration and mindful eating are part of the approach as much as what is on the plate.',
    path: '/treatments#nutrition',
  },
];
