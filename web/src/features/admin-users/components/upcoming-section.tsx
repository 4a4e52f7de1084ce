import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A section of the details page whose content comes with the money features (wallets, deposits). */
export function UpcomingSection({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {text}
      </Typography>
    </Paper>
  );
}
