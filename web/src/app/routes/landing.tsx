import Box from '@mui/material/Box';
import { FeaturesSection } from '../../components/landing/features-section';
import { Hero } from '../../components/landing/hero';
import { LandingFooter } from '../../components/landing/landing-footer';
import { LandingHeader } from '../../components/landing/landing-header';

/** The public home page. */
export default function LandingPage() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <LandingHeader />
      <Box component="main" sx={{ flex: 1 }}>
        <Hero />
        <FeaturesSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}
