// The look every mail of Parlor shares: the brand on a white card, a greeting, the mail's own rows.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A paragraph of the mail's body (HTML, already escaped). */
export const paragraph = (html: string, paddingTop = 8) =>
  `<tr><td style="padding-top:${paddingTop}px;font-size:16px">${html}</td></tr>`;

/** A row centred with room around it: a button, a code. */
export const centered = (html: string) => `<tr><td align="center" style="padding:24px 0">${html}</td></tr>`;

/** A smaller line under the main content: how long a code or a link lasts. */
export const detail = (html: string) => `<tr><td style="font-size:14px;color:#5c5870">${html}</td></tr>`;

/** The small grey line a mail ends with (HTML, already escaped). */
export const footnote = (html: string) =>
  `<tr><td style="padding-top:16px;font-size:12px;color:#8a8699">${html}</td></tr>`;

/**
 * A whole HTML mail: the brand, "Hi {username}," (escaped here), then `rows` (table rows of the
 * mail's own, already escaped) in order. Tables and inline styles, as mail apps render no more.
 */
export function mailHtml(username: string, rows: string[]): string {
  return `<!doctype html><html><body style="margin:0;background:#f6f5fb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1d1a2b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="480" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:22px;font-weight:800;color:#5b3fd6">Parlor</td></tr>
${paragraph(`Hi ${escapeHtml(username)},`, 16)}
${rows.join('\n')}
</table></td></tr></table></body></html>`;
}
