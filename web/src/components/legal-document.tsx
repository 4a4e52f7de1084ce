import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Brand } from './brand';

export interface LegalSection {
  readonly title: string;
  readonly body: ReactNode;
}

/** A static legal page: title, the placeholder dates and numbered sections. */
export function LegalDocument({ title, sections, children }: { title: string; sections: readonly LegalSection[]; children?: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 3, md: 6 } }}>
      <Container maxWidth="md">
        <Box sx={{ mb: 3 }}>
          <Brand />
        </Box>
        <Paper variant="outlined" component="article" sx={{ p: { xs: 2.5, sm: 5 } }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.1rem' } }}>
            {title}
          </Typography>
          {/* The dates are placeholders until the operator fills them in. */}
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            Effective date: [Effective Date] · Last updated: [Last Updated]
          </Typography>
          <Divider sx={{ my: 3 }} />
          {sections.map((section, index) => (
            <Box component="section" key={section.title} sx={{ mb: 3.5 }}>
              <Typography variant="h6" component="h2" gutterBottom>
                {index + 1}. {section.title}
              </Typography>
              <Box sx={{ color: 'text.secondary', '& p': { mt: 0, mb: 1.5 }, '& ul': { mt: 0, pl: 3 }, '& li': { mb: 0.75 } }}>
                {section.body}
              </Box>
            </Box>
          ))}
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
