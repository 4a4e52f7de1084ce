import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';

type StatCardProps = {
  title: string;
  /** Undefined while loading; null when the count could not be loaded. */
  value: number | null | undefined;
  icon: ReactNode;
  color: 'primary' | 'warning' | 'success' | 'info';
  /** Where the card leads, e.g. the list filtered to what it counts. */
  to?: string;
  /** How the value is written; counts by default, amounts pass `formatAmount`. */
  format?: (value: number) => string;
};

type StatIconProps = {
  color: StatCardProps['color'];
  /** Width and height in px, per breakpoint where the card is denser on phones. */
  size: number | { xs: number; sm: number };
  children: ReactNode;
};

/** The tinted square holding a figure card's icon; decorative, so hidden from screen readers. */
export function StatIcon({ color, size, children }: StatIconProps) {
  return (
    <Box
      aria-hidden
      sx={{
        display: 'grid',
        placeItems: 'center',
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: 2,
        color: `${color}.main`,
        bgcolor: (theme) => alpha(theme.palette[color].main, 0.12),
      }}
    >
      {children}
    </Box>
  );
}

/** One count card; the whole card is a link when it leads somewhere. */
export function StatCard({ title, value, icon, color, to, format = (count) => count.toLocaleString('en-US') }: StatCardProps) {
  const content = (
    // On phones the icon sits above the count so the three cards fit one row.
    <CardContent
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: { xs: 1, sm: 2 },
        p: { xs: 1.5, sm: 2 },
        '&:last-child': { pb: { xs: 1.5, sm: 2 } },
      }}
    >
      <StatIcon color={color} size={{ xs: 36, sm: 48 }}>
        {icon}
      </StatIcon>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary', fontSize: { xs: '0.75rem', sm: '0.875rem' }, lineHeight: { xs: 1.3, sm: 1.43 } }}>
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600, fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
          {value === undefined ? <Skeleton width={48} /> : value === null ? '—' : format(value)}
        </Typography>
      </Box>
    </CardContent>
  );
  return (
    <Card variant="outlined">
      {to === undefined ? (
        content
      ) : (
        <CardActionArea component={RouterLink} to={to}>
          {content}
        </CardActionArea>
      )}
    </Card>
  );
}
