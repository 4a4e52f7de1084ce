import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A screen of the audit shell whose content is built by its own piece of issue 13. */
export function AuditPlaceholder({ title, text }: { title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, display: 'grid', gap: 1 }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {text}
      </Typography>
    </Paper>
  );
}
