import type { MailJob } from '@concierge/contracts';

/** A mail ready to hand to a transport. */
export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

const SIGNATURE = 'The Crypto Concierge team';

/** One piece of a message body: a paragraph, or a link shown on its own line. */
type Block = { readonly paragraph: string } | { readonly link: string };

/** Renders subject, plain text and HTML of one mail; pure, so a retried job renders the same mail. */
export function renderMail(mail: MailJob): RenderedMail {
  switch (mail.template) {
    case 'password-reset': {
      const { firstName, resetUrl, expiresAt } = mail.data;
      return compose('Reset your Crypto Concierge password', firstName, [
        { paragraph: 'We received a request to reset the password of your Crypto Concierge account. Open this link to choose a new password:' },
        { link: resetUrl },
        { paragraph: `The link is valid until ${formatInstant(expiresAt)} and can be used once.` },
        { paragraph: 'If you did not ask for this, you can ignore this email: your password stays as it is.' },
      ]);
    }
    case 'verify-email': {
      // No name: before the email is confirmed, the name is whatever a registrant typed (perhaps
      // not the mailbox owner); jobs queued before this change still carry one, which is ignored.
      const { verifyUrl, expiresAt } = mail.data;
      return compose('Confirm your email for Crypto Concierge', '', [
        { paragraph: 'Thank you for registering with Crypto Concierge. Open this link to confirm that this email address is yours:' },
        { link: verifyUrl },
        { paragraph: `The link is valid until ${formatInstant(expiresAt)}. Once your email is confirmed, an administrator reviews your registration.` },
        { paragraph: 'If you did not register, you can ignore this email: no account is approved without this confirmation.' },
      ]);
    }
    case 'registration-repeated': {
      const { firstName, loginUrl, resetUrl } = mail.data;
      return compose('Someone tried to register with your email', firstName, [
        { paragraph: 'Someone just tried to create a Crypto Concierge account with this email address. You already have an account, so nothing was changed.' },
        { paragraph: 'If it was you, sign in here:' },
        { link: loginUrl },
        { paragraph: 'If you forgot your password, you can choose a new one here:' },
        { link: resetUrl },
        { paragraph: 'If it was not you, you can ignore this email.' },
      ]);
    }
    case 'account-approved': {
      const { firstName, loginUrl } = mail.data;
      return compose('Your Crypto Concierge account is approved', firstName, [
        { paragraph: 'Good news: your account has been approved. You can now sign in at' },
        { link: loginUrl },
      ]);
    }
    case 'account-rejected': {
      const { firstName, reason } = mail.data;
      const given = reason.trim();
      return compose('Your Crypto Concierge registration', firstName, [
        { paragraph: 'We are sorry to tell you that your registration was not approved.' },
        { paragraph: given === '' ? 'No reason was given.' : `Reason: ${given}` },
      ]);
    }
    case 'private-key-revealed': {
      const { firstName, adminName, adminEmail, memberName, memberEmail, address, revealedAt, reason } = mail.data;
      const given = reason.trim();
      return compose("A member's private key was revealed", firstName, [
        { paragraph: `${adminName} (${adminEmail}) was shown the private key of the deposit address of ${memberName} (${memberEmail}) on ${formatInstant(revealedAt)}.` },
        { paragraph: `Address: ${address}` },
        { paragraph: given === '' ? 'No reason was recorded.' : `Reason given: ${given}` },
        { paragraph: 'Every administrator receives this notice. If this reveal was not expected, move the funds of this address to a new one and review who has admin access.' },
      ]);
    }
    default: {
      const unknown: never = mail;
      throw new Error(`No template for ${JSON.stringify(unknown)}`);
    }
  }
}

function compose(subject: string, firstName: string, blocks: readonly Block[]): RenderedMail {
  const name = firstName.trim();
  const greeting = name === '' ? 'Hello,' : `Hello ${name},`;
  const text = [greeting, ...blocks.map((b) => ('link' in b ? b.link : b.paragraph)), SIGNATURE].join('\n\n') + '\n';
  const body = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...blocks.map((b) =>
      'link' in b ? `<p><a href="${escapeHtml(b.link)}">${escapeHtml(b.link)}</a></p>` : `<p>${escapeHtml(b.paragraph)}</p>`,
    ),
    `<p>${escapeHtml(SIGNATURE)}</p>`,
  ].join('\n');
  const html = `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>\n<body>\n${body}\n</body>\n</html>\n`;
  return { subject, text, html };
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const INSTANT_FORMAT = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/** "22 November 2026 at 14:05 UTC": the reader's time zone is unknown, so say which one it is. */
function formatInstant(iso: string): string {
  return `${INSTANT_FORMAT.format(new Date(iso))} UTC`;
}
