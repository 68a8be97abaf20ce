// The AI Avatar Session's pass: the signed cookie booking sets when the session's join link is followed
// inside its window (kit's session-pass.ts). A genuine pass whose window holds now makes its browser
// unlimited until the session ends; anything else (tampered, another secret, expired) counts for nothing.
import { parse as parseCookies } from 'cookie';
import { FREE_QUESTIONS_PER_DAY, SESSION_PASS_COOKIE, type Quota } from '@hhp/proto';
import { verifySessionPass } from '@hhp/kit';

export class SessionPasses {
  constructor(private readonly secret: string | undefined) {}

  /** The counters of a pass holder (none counted; `sessionPass` says until when), or undefined. */
  quotaOf(cookieHeader: string | undefined, now = Date.now()): Quota | undefined {
    if (!this.secret || !cookieHeader) return undefined;
    const pass = verifySessionPass(parseCookies(cookieHeader)[SESSION_PASS_COOKIE], this.secret, now);
    if (!pass) return undefined;
    return {
      queriesUsed: 0,
      queriesAllowed: FREE_QUESTIONS_PER_DAY,
      isSubscriber: false,
      sessionPass: { endsAt: new Date(pass.notAfter).toISOString() },
    };
  }
}
