/** The practitioner the AI persona is modelled on. The name is configurable at deploy time. */
export const DEFAULT_PRACTITIONER_NAME = 'Dr. Helen';
export const YEARS_OF_EXPERTISE = 44;
export const PATIENTS_HELPED = '10,000+';

export const DISCLAIMER =
  'This information is for educational purposes only. Please consult your medical doctor for health concerns.';
export const CONDITION_LABEL = 'Educational content for patients only';
