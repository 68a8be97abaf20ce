import { failureOf } from '../../src/features/subscription/sign-in/failure';

describe("the sign-in pages' failures", () => {
  test("when the link is refused (410, 409, 403), then the service's message is shown and trying again is not offered", () => {
    const used = {
      status: 410,
      message: '410: …',
      data: { message: 'This sign-in link has expired or was already used. Ask for a new one.' },
    };
    expect(failureOf(used)).toEqual({
      message: 'This sign-in link has expired or was already used. Ask for a new one.',
      retryable: false,
    });
    expect(failureOf({ status: 403, message: '403: x', data: { message: 'not valid' } }).retryable).toBe(false);
  });

  test('when the service is away or unreachable, then a general message is shown and trying again is offered', () => {
    expect(
      failureOf({ status: 503, message: '503: x', data: { message: 'Sign-in is unavailable right now.' } }),
    ).toEqual({
      message: 'Sign-in is unavailable right now.',
      retryable: true,
    });
    expect(failureOf({ status: 'FETCH_ERROR', message: 'Failed to fetch' })).toEqual({
      message: 'The service could not be reached. Please try again in a moment.',
      retryable: true,
    });
  });

  test('when the link was cut short (400), then the page says so rather than naming the field', () => {
    const cut = { status: 400, message: '400: x', data: { message: 'token: must be the 43-character token' } };
    expect(failureOf(cut, 'This sign-in link is incomplete.')).toEqual({
      message: 'This sign-in link is incomplete.',
      retryable: false,
    });
  });
});
