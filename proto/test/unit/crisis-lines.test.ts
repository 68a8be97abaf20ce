import { CRISIS_LINES, smsHref } from '../../src/catalogue/crisis.js';

// How each platform reads an sms: link's body. Android (its Uri parser) takes the body from the query
// after '?'; iOS Messages takes it from '&body=' after the number. A link must give both the number and
// the body to both.
function androidReads(href: string): { to: string; body: string | null } {
  const [to, query = ''] = href.replace(/^sms:/, '').split('?');
  return { to: to!, body: new URLSearchParams(query).get('body') };
}
function iosReads(href: string): { to: string; body: string | null } {
  const rest = href.replace(/^sms:/, '');
  const at = rest.indexOf('&body=');
  const to = (at < 0 ? rest : rest.slice(0, at)).replace(/[?;]$/, '');
  return { to, body: at < 0 ? null : decodeURIComponent(rest.slice(at + '&body='.length).split('&')[0]!) };
}

describe('the crisis text links', () => {
  it('when the Crisis Text Line link is read on Android and on iOS, then both address 741741 with HOME', () => {
    expect(CRISIS_LINES.text.href).toBe('sms:741741?&body=HOME');
    expect(androidReads(CRISIS_LINES.text.href)).toEqual({ to: '741741', body: 'HOME' });
    expect(iosReads(CRISIS_LINES.text.href)).toEqual({ to: '741741', body: 'HOME' });
  });

  it('when the old form sms:741741&body=HOME is read on Android, then it is the wrong number and no body', () => {
    expect(androidReads('sms:741741&body=HOME')).toEqual({ to: '741741&body=HOME', body: null });
  });

  it('when the Spanish links are read on either platform, then they text AYUDA to 741741 and to 988', () => {
    for (const read of [androidReads, iosReads]) {
      expect(read(CRISIS_LINES.text.spanish.href)).toEqual({ to: '741741', body: 'AYUDA' });
      expect(read(CRISIS_LINES.phone.spanish.textHref)).toEqual({ to: '988', body: 'AYUDA' });
    }
  });

  it('when a body has spaces or accents, then it is percent-encoded', () => {
    expect(smsHref('741741', 'hola qué tal')).toBe('sms:741741?&body=hola%20qu%C3%A9%20tal');
  });
});
