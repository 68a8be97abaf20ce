// The one look of the portal's e-mails, without a template engine: `html` is a tagged template that escapes
// every interpolated value unless it is already SafeHtml (another `html` fragment), so a name or a note a
// visitor typed can never add markup to an e-mail. Inline styles only (mail clients drop <style> and
// external CSS); no images, no remote resources, nothing that reports an opening.

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to put in HTML content or a quoted attribute. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** HTML that was built by `html` (or trusted on purpose with `trustedHtml`): inserted as it is. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Markup the caller vouches for (a constant, never input): not escaped. */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

function interpolate(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(interpolate).join('');
  if (value === undefined || value === null || value === false) return '';
  return escapeHtml(value);
}

/** `html\`<p>Hello ${name}</p>\``: every value escaped, SafeHtml and arrays of it inserted as they are. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += interpolate(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** A link whose address is shown as it is: http(s) and mailto only, so no javascript: or data: URL gets in. */
export function link(href: string, label: string): SafeHtml {
  if (!/^(https?:|mailto:)/i.test(href)) throw new Error(`e-mail links must be http(s) or mailto, not ${href}`);
  return html`<a href="${href}" style="color:#2f6f4f;text-decoration:underline">${label}</a>`;
}

export interface EmailLayout {
  practiceName: string;
  /** The heading, usually the subject. */
  title: string;
  body: SafeHtml;
  /** The line some clients show after the subject in the inbox list (hidden in the message). */
  preheader?: string;
}

const FONT = trustedHtml("font-family:Georgia,'Times New Roman',serif");

/** The whole HTML document of an e-mail: heading, body, and a footer with the practice's name. */
export function renderEmailHtml({ practiceName, title, body, preheader }: EmailLayout): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body style="margin:0;padding:0;background:#f6f3ee">
        ${preheader ? html`<div style="display:none;max-height:0;overflow:hidden">${preheader}</div>` : ''}
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f3ee">
          <tr>
            <td align="center" style="padding:24px 12px">
              <table
                role="presentation"
                width="100%"
                cellpadding="0"
                cellspacing="0"
                style="max-width:600px;background:#ffffff;border-radius:8px"
              >
                <tr>
                  <td style="padding:24px 32px 0;${FONT};font-size:14px;color:#2f6f4f;letter-spacing:0.04em">
                    ${practiceName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:8px 32px 0;${FONT};font-size:22px;color:#1f2a24">
                    <h1 style="margin:0;font-size:22px;font-weight:normal">${title}</h1>
                  </td>
                </tr>
                <tr>
                  <td style="padding:16px 32px 24px;${FONT};font-size:16px;line-height:1.5;color:#1f2a24">${body}</td>
                </tr>
              </table>
              <p style="max-width:600px;margin:16px auto 0;${FONT};font-size:12px;line-height:1.5;color:#6b746f">
                ${practiceName}<br />This message was sent to you by ${practiceName}. Please do not reply to it.
              </p>
            </td>
          </tr>
        </table>
      </body>
    </html> `.value;
}

/** The text part: the body, then the same footer as the HTML part. */
export function renderEmailText({ practiceName, text }: { practiceName: string; text: string }): string {
  const body = text.replace(/\r\n?/g, '\n').trimEnd();
  return `${body}\n\n-- \n${practiceName}\nThis message was sent to you by ${practiceName}. Please do not reply to it.\n`;
}
