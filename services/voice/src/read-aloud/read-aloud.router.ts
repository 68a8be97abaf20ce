// GET /api/voice/speech?text=…: one of the portal's published texts (a treatment card's parts), spoken by
// espeak-ng as audio/wav. What a page's "Listen" plays when the browser's own voice cannot speak. Any other
// text is 404: the route reads the portal's pages, not what a caller writes, so it cannot be made to say
// anything the portal does not already say, and what it can be made to synthesise is a short fixed list,
// each text once (SpeechCache); the per-address limit bounds the rest (bandwidth, a flood of cache hits).
import { Router } from 'express';
import { SPEAKABLE_TEXTS, SPEECH_PATH, SpeechQuery } from '@hhp/proto';
import { HttpError, parse, requestContext } from '@hhp/kit';
import type { PerMinute } from './per-minute.js';
import type { SpeechCache } from './speech-cache.js';

export const NOT_PUBLISHED =
  "text: only the portal's own published texts (the treatment cards' words) can be read aloud; this is not one of them";
export const TOO_MANY =
  'Too many read-aloud requests from your network. Please wait a minute and try again, or read the text on the page.';
const VOICE_UNAVAILABLE =
  "The portal's voice is not available right now. Please try again later, or read the text on the page.";

export function readAloudRouter({ cache, perMinute }: { cache: SpeechCache; perMinute: PerMinute }): Router {
  const router = Router();
  router.get(SPEECH_PATH, async (req, res) => {
    const wait = perMinute.take(req.ip ?? '');
    if (wait > 0) throw new HttpError(429, TOO_MANY, { headers: { 'Retry-After': String(wait) } });
    const { text } = parse(SpeechQuery, req.query);
    if (!SPEAKABLE_TEXTS.has(text)) throw new HttpError(404, NOT_PUBLISHED);
    let audio;
    try {
      audio = await cache.get(text);
    } catch (err) {
      requestContext(req).logger.error({ err }, 'read aloud: espeak-ng failed');
      throw new HttpError(503, VOICE_UNAVAILABLE);
    }
    // A published text's audio changes only with the portal's text or voice, which changes the key (ETag):
    // the browser keeps it a day, then revalidates (304).
    res.set({ 'Cache-Control': 'public, max-age=86400', ETag: audio.etag }).type('audio/wav');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.send(Buffer.from(audio.bytes.buffer, audio.bytes.byteOffset, audio.bytes.byteLength));
  });
  return router;
}
