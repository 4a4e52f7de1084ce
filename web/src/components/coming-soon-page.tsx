import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Stands in for a screen that a later release brings. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <ConstructionOutlined sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} aria-hidden />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>This section is coming soon.</Typography>
    </Paper>
  );
}

export default ComingSoonPage;
