// What the service asks for the Symptom Explorer (moved here from the frontend with issue 27, point 6: the
// service writes the requests, the buttons send only the analysis's id and the perspective).
import { SYMPTOM_PERSPECTIVES } from '@hhp/proto';
import { meaningText } from '../../src/answers/question-text.js';
import { analysisRequest, perspectiveRequest } from '../../src/analyses/requests.js';

const SYMPTOMS = 'bloating after meals and tired in the afternoons';

describe("the Symptom Explorer's requests", () => {
  test.each([
    ['ayurveda', /Ayurvedic perspective only/, /Ayurveda/],
    ['nutrition', /nutritional perspective only/, /food as medicine/],
    ['chiropractic', /chiropractic perspective only/, /spine/],
  ] as const)(
    'when %s is asked, then the request names that perspective and carries the symptoms',
    (id, perspective, topic) => {
      const request = perspectiveRequest(id, SYMPTOMS);
      expect(request).toMatch(perspective);
      expect(request).toMatch(topic);
      expect(request.endsWith(SYMPTOMS)).toBe(true);
    },
  );

  test('when the three are asked, then each is its own request, none of them the first analysis again', () => {
    const requests = SYMPTOM_PERSPECTIVES.map((id) => perspectiveRequest(id, SYMPTOMS));
    expect(new Set([...requests, analysisRequest(SYMPTOMS)]).size).toBe(4);
    expect(requests.some((request) => request.includes('holistic medicine perspective'))).toBe(false);
  });

  test('when the library compares an analysis or a perspective with its pages, then it reads the symptoms alone', () => {
    expect(meaningText(analysisRequest(SYMPTOMS))).toBe(SYMPTOMS);
    for (const id of SYMPTOM_PERSPECTIVES) expect(meaningText(perspectiveRequest(id, SYMPTOMS))).toBe(SYMPTOMS);
  });
});
