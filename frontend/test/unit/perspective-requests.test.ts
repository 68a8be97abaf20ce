import { PERSPECTIVES, texts } from '../../src/features/symptoms/texts';

const SYMPTOMS = 'bloating after meals and tired in the afternoons';

describe("the Symptom Explorer's perspective questions", () => {
  test.each([
    ['ayurveda', /Ayurvedic perspective only/, /Ayurveda/],
    ['nutrition', /nutritional perspective only/, /food as medicine/],
    ['chiropractic', /chiropractic perspective only/, /spine/],
  ])(
    'when %s is asked, then the question names that perspective and carries the symptoms',
    (id, perspective, topic) => {
      const request = PERSPECTIVES.find((p) => p.id === id)!.request(SYMPTOMS);
      expect(request).toMatch(perspective);
      expect(request).toMatch(topic);
      expect(request.endsWith(SYMPTOMS)).toBe(true);
    },
  );

  test('when the three are asked, then each is its own question, none of them the first analysis again', () => {
    const requests = PERSPECTIVES.map((p) => p.request(SYMPTOMS));
    expect(new Set([...requests, texts.analysisRequest(SYMPTOMS)]).size).toBe(4);
    expect(requests.some((request) => request.includes('holistic medicine perspective'))).toBe(false);
  });
});
