// Every email template renders a subject, the plain text and HTML, escapes what users typed, and the
// development preview shows each one (never in production).
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { prepareDatabase } from '../prepare.ts';
import { buildTestApp, openTestDatabase } from '../../test/app.ts';
import { render, TEMPLATE_NAMES, TEMPLATES, type TemplateName } from './templates.ts';

const site = { publicUrl: 'https://hydrobridge.test' };
const HOSTILE = `<script>alert("x")</script> & 'https://evil.example'`;

/** The template's sample data with every string field but ids replaced by markup. */
function hostileData(name: TemplateName) {
  const sample = TEMPLATES[name].sample as Record<string, unknown>;
  const keep = new Set([
    'token',
    'campaignId',
    'orderId',
    'amount',
    'profit',
    'raised',
    'target',
    'total',
    'side',
  ]);
  return Object.fromEntries(
    Object.entries(sample).map(([k, v]) => [k, typeof v === 'string' && !keep.has(k) ? HOSTILE : v]),
  );
}

describe('email templates', () => {
  it.each(TEMPLATE_NAMES)('%s renders a subject, text and HTML, escaping what users typed', (name) => {
    const email = render(name, TEMPLATES[name].sample, site);
    expect(email.template).toBe(name);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.text.length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!doctype html>/);
    // Every link of the text is a link of the HTML.
    for (const url of email.text.match(/https:\/\/hydrobridge\.test\S*[^.\s]/g) ?? [])
      expect(email.html).toContain(`<a href="${url.replaceAll('&', '&amp;')}"`);

    const hostile = render(name, hostileData(name) as never, site);
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).not.toContain('href="https://evil.example');
    if (hostile.text.includes(HOSTILE))
      expect(hostile.html).toContain(
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;https://evil.example&#39;',
      );
  });

  it('keep the texts the features always sent', () => {
    expect(render('password-reset', { name: null, token: 'abc' }, site).text).toBe(
      [
        'Hello,',
        '',
        'We received a request to reset the password of your HydroBridge account.',
        'Open this link within 1 hour to choose a new password:',
        '',
        'https://hydrobridge.test/reset-password?token=abc',
        '',
        'The link works once. If you did not ask for a new password, ignore this email:',
        'your password stays as it is.',
        '',
        'HydroBridge',
      ].join('\n'),
    );
    const step = render(
      'order-step',
      { name: 'Grace', orderId: '12345678-aaaa', total: '1000.5', label: 'placed and paid', side: 'trader' },
      site,
    );
    expect(step.subject).toBe('Order 12345678 placed and paid');
    expect(step.text).toBe(
      'Hello Grace,\n\nOrder 12345678-aaaa ($1,000.50) is now placed and paid.\n' +
        'Follow it at https://hydrobridge.test/trader/marketplace\n\n— HydroBridge',
    );
    expect(render('role-declined', { role: 'Trader', reason: null }, site)).toMatchObject({
      subject: 'Your request for the Trader role',
      text: 'Your request for the Trader role was declined.',
    });
  });
});

describe('the development preview of the emails', () => {
  it('lists every template and shows each as HTML and as text', async () => {
    const app = await buildTestApp();
    const index = await app.inject({ url: '/api/dev/emails' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    for (const name of TEMPLATE_NAMES) expect(index.body).toContain(`href="/api/dev/emails/${name}"`);

    const html = await app.inject({ url: '/api/dev/emails/complaint-decided' });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    // The sample response has markup in it: shown escaped.
    expect(html.body).toContain('We have paid it &lt;today&gt; &amp; added interest.');

    const text = await app.inject({ url: '/api/dev/emails/complaint-decided?format=text' });
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.body).toContain('Subject: Our decision on your complaint C-2026-000042');
    expect(text.body).toContain('We have paid it <today> & added interest.');

    const unknown = await app.inject({ url: '/api/dev/emails/no-such-email' });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const database = await openTestDatabase();
    await prepareDatabase(database, { seedDemo: false });
    const app = await buildApp({ database, settings: { env: 'production' } });
    try {
      expect((await app.inject({ url: '/api/dev/emails' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/dev/emails/password-reset' })).statusCode).toBe(404);
      expect(app.apiRoutes.some((r) => r.url.startsWith('/api/dev/'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
