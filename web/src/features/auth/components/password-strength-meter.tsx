import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passwordStrength } from './password-strength';

const COLORS = ['error', 'error', 'warning', 'info', 'success'] as const;

/** The live strength meter under a new-password field: a bar, its label and the four requirements. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  const strength = passwordStrength(password);
  const color = COLORS[strength.score] ?? 'error';
  return (
    <Box sx={{ mt: 1 }} data-testid="password-strength">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <LinearProgress
          variant="determinate"
          value={(strength.score / 4) * 100}
          color={color}
          sx={{ flex: 1, height: 6, borderRadius: 3 }}
          aria-label="Password strength"
        />
        <Typography variant="caption" sx={{ minWidth: 64, fontWeight: 600, color: `${color}.main` }} aria-live="polite" data-testid="password-strength-label">
          {strength.label}
        </Typography>
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0.5 }}>
        {strength.requirements.map((requirement) => (
          <Box
            component="li"
            key={requirement.label}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: requirement.met ? 'success.main' : 'text.secondary' }}
          >
            {requirement.met ? <CheckCircle sx={{ fontSize: 16 }} aria-hidden /> : <RadioButtonUnchecked sx={{ fontSize: 16 }} aria-hidden />}
            <Typography variant="caption">{requirement.label}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
