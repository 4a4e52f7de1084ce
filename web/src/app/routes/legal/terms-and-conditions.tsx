import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { config } from '../../../config/env';
import { LegalDocument, type LegalSection } from '../../../components/legal-document';

const { legalEntity } = config;

const SECTIONS: readonly LegalSection[] = [
  {
    title: 'Introduction',
    body: (
      <p>
        These terms govern your use of the services of {legalEntity}. Please read them together with the risk disclosure
        below. By registering or using the platform you confirm that you understand and accept them.
      </p>
    ),
  },
  {
    title: 'Nature of Services',
    body: (
      <p>
        The platform is an automated smart-contract service that deploys your USDC into decentralized-finance strategies,
        such as an exchange integration, governance participation through a locking token and liquidity pool positions,
        chosen by the system. The platform does not take custody of your funds, and it does not give investment, tax or
        legal advice.
      </p>
    ),
  },
  {
    title: 'No Guarantees',
    body: (
      <p>
        Returns are not guaranteed. Past performance and any APY shown are indications, not promises; the value of your
        position can fall as well as rise, and you may lose part or all of what you deposit.
      </p>
    ),
  },
  {
    title: 'Limitation of Liability',
    body: (
      <p>
        To the extent the law allows, {legalEntity} is not liable for losses caused by market movements, failures of
        third-party protocols or networks, smart-contract defects, or events outside our reasonable control.
      </p>
    ),
  },
  {
    title: 'Deposits and Withdrawals',
    body: (
      <ul>
        <li>Deposits must be in USDC only, sent to the deposit address shown in your dashboard. All amounts are in USDC.</li>
        <li>
          Withdrawals are requested from the dashboard and are not released automatically: each request is reviewed before it
          is paid to your saved withdrawal address.
        </li>
        <li>Processing time varies with strategy settlement and network conditions.</li>
      </ul>
    ),
  },
  {
    title: 'Risk Disclosure',
    body: (
      <p>
        Digital assets are volatile. Stablecoins can lose their peg, protocols can be exploited, networks can be congested
        and regulation can change. Only deposit what you can afford to lose.
      </p>
    ),
  },
  {
    title: 'Governing Law',
    body: (
      <p>
        These terms are governed by the laws of the jurisdiction in which {legalEntity} is established. Any dispute will be
        settled by binding arbitration rather than in court, except where the law does not allow this.
      </p>
    ),
  },
  {
    title: 'Entire Agreement',
    body: (
      <p>
        These terms, the privacy policy and the risk acknowledgment below are the entire agreement between you and
        {` ${legalEntity}`} about the service, and replace any earlier understanding.
      </p>
    ),
  },
];

const ACKNOWLEDGMENTS = [
  'I understand that returns are not guaranteed and that I may lose part or all of my deposit.',
  'I understand that withdrawals are reviewed and are not released automatically.',
  'I understand that deposits must be made in USDC only.',
  'I have read and accept the risk disclosure above.',
];

export default function TermsAndConditionsPage() {
  return (
    <LegalDocument title="Terms of Service and Risk Acknowledgment" sections={SECTIONS}>
      <Box component="section" aria-labelledby="acknowledgment-title" sx={{ mb: 3 }}>
        <Typography id="acknowledgment-title" variant="h6" component="h2" gutterBottom>
          Risk Acknowledgment
        </Typography>
        {/* Display only: acceptance is given with the checkbox on the registration form. */}
        <FormGroup>
          {ACKNOWLEDGMENTS.map((text) => (
            <FormControlLabel key={text} control={<Checkbox disabled />} label={text} />
          ))}
        </FormGroup>
      </Box>
      <Alert severity="warning" icon={<WarningAmberOutlined />}>
        <AlertTitle>Risk warning</AlertTitle>
        Investing in digital assets and decentralized-finance strategies involves a high degree of risk. Do not deposit funds
        you cannot afford to lose.
      </Alert>
    </LegalDocument>
  );
}
