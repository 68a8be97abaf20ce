// What the model (or the offline library) is asked for the Symptom Explorer: the analysis of the visitor's
// symptoms (specification, section 5: "the text is wrapped in a request asking for analysis from a holistic
// medicine perspective") and each of the three perspectives on them. The service writes these requests, so a
// perspective is always about the symptoms of the analysis it belongs to, never about text sent with it.
// retrieval.ts's meaningText reads the symptoms back out of both shapes.
import type { SymptomPerspective } from '@hhp/proto';

export const analysisRequest = (symptoms: string) =>
  `Please analyze the following symptoms from a holistic medicine perspective, and explain possible root causes and natural approaches that may help: ${symptoms}`;

const PERSPECTIVE_REQUESTS: Record<SymptomPerspective, (symptoms: string) => string> = {
  ayurveda: (symptoms) =>
    `From the Ayurvedic perspective only (Ayurveda: the doshas, digestion and daily routine), what may lie behind these symptoms, and which Ayurvedic approaches may help? My symptoms: ${symptoms}`,
  nutrition: (symptoms) =>
    `From the nutritional perspective only (food as medicine: plant-based nutrition), which foods and eating habits may help with these symptoms? My symptoms: ${symptoms}`,
  chiropractic: (symptoms) =>
    `From the chiropractic perspective only (chiropractic care: the spine and the nervous system), how may chiropractic care help with these symptoms? My symptoms: ${symptoms}`,
};

export const perspectiveRequest = (perspective: SymptomPerspective, symptoms: string) =>
  PERSPECTIVE_REQUESTS[perspective](symptoms);
