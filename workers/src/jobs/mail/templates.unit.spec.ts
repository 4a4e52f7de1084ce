import { describe, expect, it } from 'vitest';
import { escapeHtml, renderMail } from './templates.js';

describe('mail templates', () => {
  it('gives a password reset mail with the link and when it stops working, signed by the team', () => {
    const mail = renderMail({
      template: 'password-reset',
      to: 'ada@example.com',
      data: { firstName: 'Ada', resetUrl: 'https://app.example.com/reset-password?token=abc&x=1', expiresAt: '2026-11-22T14:05:00.000Z' },
    });
    expect(mail.subject).toBe('Reset your Crypto Concierge password');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('\nhttps://app.example.com/reset-password?token=abc&x=1\n');
    expect(mail.text).toContain('valid until 22 November 2026 at 14:05 UTC');
    expect(mail.text.trimEnd().endsWith('The Crypto Concierge team')).toBe(true);
    expect(mail.html).toContain('<a href="https://app.example.com/reset-password?token=abc&amp;x=1">');
    expect(mail.html).toContain('22 November 2026 at 14:05 UTC');
    expect(mail.html).toContain('<p>The Crypto Concierge team</p>');
  });

  it('gives a new registration the link that confirms its email and until when it works', () => {
    const mail = renderMail({
      template: 'verify-email',
      to: 'ada@example.com',
      data: { firstName: 'Ada', verifyUrl: 'https://app.example.com/verify-email?token=u-1.abc', expiresAt: '2026-11-25T14:05:00.000Z' },
    });
    expect(mail.subject).toBe('Confirm your email for Crypto Concierge');
    expect(mail.text).toContain('\nhttps://app.example.com/verify-email?token=u-1.abc\n');
    expect(mail.text).toContain('valid until 25 November 2026 at 14:05 UTC');
    expect(mail.text).toContain('no account is approved without this confirmation');
  });

  it('tells the owner of a confirmed email that someone tried to register with it, and how to sign in or reset', () => {
    const mail = renderMail({
      template: 'registration-repeated',
      to: 'ada@example.com',
      data: { firstName: 'Ada', loginUrl: 'https://app.example.com/login', resetUrl: 'https://app.example.com/forgot-password' },
    });
    expect(mail.subject).toBe('Someone tried to register with your email');
    expect(mail.text).toContain('nothing was changed');
    expect(mail.text).toContain('\nhttps://app.example.com/login\n');
    expect(mail.text).toContain('\nhttps://app.example.com/forgot-password\n');
  });

  it('tells an approved member where to sign in', () => {
    const mail = renderMail({ template: 'account-approved', to: 'ada@example.com', data: { firstName: 'Ada', loginUrl: 'http://localhost:8080/login' } });
    expect(mail.subject).toBe('Your Crypto Concierge account is approved');
    expect(mail.text).toContain('You can now sign in at\n\nhttp://localhost:8080/login');
    expect(mail.html).toContain('<a href="http://localhost:8080/login">http://localhost:8080/login</a>');
    expect(mail.text).toContain('The Crypto Concierge team');
  });

  it('gives a rejected applicant the reason, or says that none was given', () => {
    const withReason = renderMail({ template: 'account-rejected', to: 'bo@example.com', data: { firstName: 'Bo', reason: 'generic reason' } });
    expect(withReason.subject).toBe('Your Crypto Concierge registration');
    expect(withReason.text).toContain('your registration was not approved');
    expect(withReason.text).toContain('Reason: generic reason');
    const withoutReason = renderMail({ template: 'account-rejected', to: 'bo@example.com', data: { firstName: 'Bo', reason: '  ' } });
    expect(withoutReason.text).toContain('No reason was given.');
  });

  it('escapes names and reasons in the HTML part so they cannot inject markup', () => {
    const mail = renderMail({
      template: 'account-rejected',
      to: 'eve@example.com',
      data: { firstName: '<b>Eve</b>', reason: '<script>alert("x")</script> & more' },
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('Hello &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).toContain('Reason: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more');
    // The plain-text part is not HTML: it keeps the text as written.
    expect(mail.text).toContain('Reason: <script>alert("x")</script> & more');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&quot;&lt;&gt;&amp;');
  });

  it('tells every admin who was shown whose private key, when and why, escaped in the HTML part', () => {
    const data = {
      firstName: 'Alan',
      adminName: 'Grace <i>Hopper</i>',
      adminEmail: 'grace@example.com',
      memberName: 'Ada Lovelace',
      memberEmail: 'ada@example.com',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      revealedAt: '2026-11-22T14:05:00.000Z',
      reason: 'Lost phone & new wallet',
    };
    const mail = renderMail({ template: 'private-key-revealed', to: 'alan@example.com', data });
    expect(mail.subject).toBe("A member's private key was revealed");
    expect(mail.text).toContain('Hello Alan,');
    expect(mail.text).toContain(
      'Grace <i>Hopper</i> (grace@example.com) was shown the private key of the deposit address of Ada Lovelace (ada@example.com) on 22 November 2026 at 14:05 UTC.',
    );
    expect(mail.text).toContain('Reason given: Lost phone & new wallet');
    expect(mail.html).toContain('Grace &lt;i&gt;Hopper&lt;/i&gt;');
    expect(mail.html).toContain('Reason given: Lost phone &amp; new wallet');
    expect(renderMail({ template: 'private-key-revealed', to: 'alan@example.com', data: { ...data, reason: '' } }).text).toContain('No reason was recorded.');
  });

  it('greets without a name when the first name is blank', () => {
    const mail = renderMail({ template: 'account-approved', to: 'x@example.com', data: { firstName: ' ', loginUrl: 'http://localhost:8080/login' } });
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });
});
