import { config } from '../../../config/env';
import { LegalDocument, type LegalSection } from '../../../components/legal-document';

const { contactEmail, legalEntity } = config;

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        This policy explains what personal information {legalEntity} collects when you use our crypto concierge service,
        why we collect it and how we look after it. By creating an account you accept the practices described here.
      </p>
    ),
  },
  {
    title: 'Information We Collect',
    body: (
      <ul>
        <li>Account details you give us: your first and last name, email address and password (stored only as a one-way hash).</li>
        <li>Wallet details: the deposit address we generate for you and the withdrawal addresses you save.</li>
        <li>Activity records: deposits, withdrawal requests, their amounts in USDC, dates and transaction hashes.</li>
        <li>Technical data needed to run the service securely, such as sign-in times and the requests your browser makes.</li>
      </ul>
    ),
  },
  {
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To review and approve your registration and to let you sign in.</li>
        <li>To allocate your deposits to strategies and to show your portfolio, earnings and history.</li>
        <li>To process the withdrawals you request and to send you account notices by email.</li>
        <li>To prevent fraud and abuse and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    title: 'Confidentiality and Security',
    body: (
      <p>
        We treat your information as confidential. Access inside our team is limited to the people who need it to serve you.
        Passwords are hashed, connections are encrypted and every change to an account is recorded. No system is perfectly
        secure, so please keep your password private and tell us at once if you suspect misuse.
      </p>
    ),
  },
  {
    title: 'Sharing of Information',
    body: (
      <p>
        We do not sell your personal information. We share it only with service providers who help us run the platform
        (for example email delivery and hosting) under confidentiality terms, and with authorities when the law requires it.
        Transactions you make on a public blockchain are visible to anyone by their nature.
      </p>
    ),
  },
  {
    title: 'Client Responsibilities',
    body: (
      <p>
        You are responsible for keeping your sign-in details safe, for the accuracy of the information you give us and for
        checking that every withdrawal address you save is correct. Funds sent to a wrong address usually cannot be recovered.
      </p>
    ),
  },
  {
    title: 'Data Retention',
    body: (
      <p>
        We keep your information for as long as your account is open and afterwards for as long as the law or the settlement
        of open matters requires. Financial records may have to be kept for several years.
      </p>
    ),
  },
  {
    title: 'Your Rights',
    body: (
      <>
        <p>Subject to our legal obligations, you may ask us to:</p>
        <ul>
          <li>give you access to the personal information we hold about you;</li>
          <li>correct information that is inaccurate or incomplete;</li>
          <li>delete your information, where we are not required to keep it.</li>
        </ul>
      </>
    ),
  },
  {
    title: 'Changes to This Policy',
    body: (
      <p>
        We may update this policy from time to time. The date at the top of the page shows when it last changed; significant
        changes will also be announced by email or in the dashboard.
      </p>
    ),
  },
  {
    title: 'Contact Us',
    body: (
      <p>
        Questions about this policy or your information can be sent to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
        The service is operated by {legalEntity}.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return <LegalDocument title="Privacy Policy" sections={SECTIONS} />;
}
