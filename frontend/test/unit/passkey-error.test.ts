import { httpError } from '../../src/shared/api/base-query';
import { ceremonyError } from '../../src/features/practice/passkey';
import { texts } from '../../src/features/practice/texts';

// What the practitioner reads when a passkey ceremony failed (features/practice/passkey.ts).

const named = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('a failed passkey ceremony', () => {
  test('when the server refused the call, then its own sentence is shown, without the status code', () => {
    const error = httpError({ status: 410, statusText: 'Gone' }, JSON.stringify({ message: 'This invite was used.' }));
    expect(ceremonyError(error)).toBe('This invite was used.');
  });

  test("when the browser's passkey dialog was cancelled or timed out, then ours says so", () => {
    expect(ceremonyError(named('NotAllowedError', 'The operation either timed out or was not allowed.'))).toBe(
      texts.passkeyCancelled,
    );
    expect(ceremonyError(named('AbortError', 'aborted'))).toBe(texts.passkeyCancelled);
  });

  test("when the browser failed otherwise, then the browser's message is shown", () => {
    expect(ceremonyError(named('InvalidStateError', 'This authenticator is already registered.'))).toBe(
      'This authenticator is already registered.',
    );
  });

  test('when the failure has no words at all, then the general sentence is shown', () => {
    expect(ceremonyError(new Error(''))).toBe('Something went wrong. Please try again.');
    expect(ceremonyError('boom')).toBe('Something went wrong. Please try again.');
  });
});
