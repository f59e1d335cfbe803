import { describe, expect, it } from 'vitest';
import { verificationMail } from '../modules/verification/mail';
import { escapeHtml, footnote, mailHtml, paragraph } from './layout';

describe('the mail layout', () => {
  it('puts the brand, an escaped greeting and the rows, in order, on one card', () => {
    const html = mailHtml('<Jo & "Al">', [paragraph('First.'), footnote('Last.')]);
    expect(html.startsWith('<!doctype html><html><body')).toBe(true);
    expect(html.endsWith('</table></td></tr></table></body></html>')).toBe(true);
    const inner = html.split('\n').slice(3, -1);
    expect(inner).toEqual([
      '<tr><td style="font-size:22px;font-weight:800;color:#5b3fd6">Parlor</td></tr>',
      '<tr><td style="padding-top:16px;font-size:16px">Hi &lt;Jo &amp; &quot;Al&quot;&gt;,</td></tr>',
      '<tr><td style="padding-top:8px;font-size:16px">First.</td></tr>',
      '<tr><td style="padding-top:16px;font-size:12px;color:#8a8699">Last.</td></tr>',
    ]);
  });

  it('escapes every character HTML gives a meaning to', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('is what a mail wears: the same card around its own rows', () => {
    const html = verificationMail({ email: 'jo@example.com', username: 'jo' }, '0427', 'https://p.test').html;
    const [head, tail] = mailHtml('jo', ['BODY']).split('BODY');
    expect(html.startsWith(head as string)).toBe(true);
    expect(html.endsWith(tail as string)).toBe(true);
    expect(html).toContain('>0</span>');
  });
});
