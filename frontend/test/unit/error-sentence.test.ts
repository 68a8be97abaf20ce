import { httpError } from '../../src/shared/api/base-query';
import { errorSentence } from '../../src/shared/api/error-message';

const response = (status: number, statusText = '') => ({ status, statusText });

describe('the sentence a visitor reads for a failed call (issue 27, point 5)', () => {
  test('when the server sent a sentence, then it is shown as it is, without the status code', () => {
    const error = httpError(response(404), JSON.stringify({ message: 'We could not find this analysis.' }));
    expect(error.message).toBe('404: We could not find this analysis.');
    expect(errorSentence(error)).toBe('We could not find this analysis.');
  });

  test('when no answer came back, then the sentence says the portal could not be reached', () => {
    expect(errorSentence({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toBe(
      'We could not reach the portal. Please check your connection and try again.',
    );
  });

  test("when the answer was not the server's JSON (a proxy's page) or no API error at all, then a sentence of ours, with no code", () => {
    const proxyPage = httpError(response(502, 'Bad Gateway'), '<html><h1>502 Bad Gateway</h1></html>');
    expect(errorSentence(proxyPage)).toBe('Something went wrong. Please try again.');
    expect(errorSentence(new Error('boom'))).toBe('Something went wrong. Please try again.');
  });
});
