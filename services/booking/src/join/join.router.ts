// POST /api/session/:id/join { token }: see join-session.ts. The pass is an HttpOnly cookie, SameSite=Lax,
// Secure when the request came over https (req.secure believes X-Forwarded-Proto from trusted proxies only),
// kept until the session ends.
import { Router, type Request } from 'express';
import { JoinSessionRequest, SESSION_PASS_COOKIE, SessionParams } from '@hhp/proto';
import { bodyObject, HttpError, parse, signedCookie } from '@hhp/kit';
import { joinSession, type JoinDeps } from './join-session.js';

const JOIN_UNAVAILABLE = 'Joining a session is not available right now.';

/** The request's session pass cookie; its signed value is base64url and dots, so anything else is not ours. */
const passCookie = (req: Request) => signedCookie(req.headers.cookie, SESSION_PASS_COOKIE);

/** Without a secret (deps undefined) no link was ever made, and the route says it is unavailable. */
export function joinRouter(deps: JoinDeps | undefined): Router {
  const router = Router();
  router.post('/api/session/:id/join', async (req, res) => {
    const { id } = parse(SessionParams, req.params);
    const { token } = parse(JoinSessionRequest, bodyObject(req));
    res.set('Cache-Control', 'no-store');
    if (!deps) throw new HttpError(503, JOIN_UNAVAILABLE);
    const { answer, pass } = await joinSession(deps, {
      bookingId: id,
      token,
      passCookie: passCookie(req),
      now: new Date(),
    });
    if (pass) {
      res.cookie(SESSION_PASS_COOKIE, pass.value, {
        httpOnly: true,
        secure: req.secure,
        sameSite: 'lax',
        path: '/',
        maxAge: pass.maxAgeMs,
      });
    }
    res.json(answer);
  });
  return router;
}
