import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordErrors, passwordStrength } from '@consulta/shared';
import { TEXT } from '../i18n/es/app';

const COLORS = { Débil: 'error', Media: 'warning', Fuerte: 'success' } as const;

/** The password rules, each paired with the shared message that reports it broken. */
const RULES: { label: string; broken: (errors: string[], password: string) => boolean }[] = [
  {
    label: TEXT.passwordRules[0],
    broken: (_e, p) => p.length < PASSWORD_MIN_LENGTH || p.length > PASSWORD_MAX_LENGTH,
  },
  { label: TEXT.passwordRules[1], broken: (e) => e.includes(MSG.password.uppercase) },
  { label: TEXT.passwordRules[2], broken: (e) => e.includes(MSG.password.lowercase) },
  { label: TEXT.passwordRules[3], broken: (e) => e.includes(MSG.password.digit) },
  { label: TEXT.passwordRules[4], broken: (e) => e.includes(MSG.password.special) },
  { label: TEXT.passwordRules[5], broken: (e, p) => !p || e.includes(MSG.password.repeated) },
  { label: TEXT.passwordRules[6], broken: (e, p) => !p || e.includes(MSG.password.sequence) },
];

/** Strength meter (Débil / Media / Fuerte) and the live checklist of the password rules. */
export function PasswordStrength({ password }: { password: string }) {
  const { score, label } = passwordStrength(password);
  const errors = passwordErrors(password);
  const color = COLORS[label];
  return (
    <Box data-testid="password-strength">
      {password && (
        <Box sx={{ mb: 1.5 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              {TEXT.changePassword.strength}
            </Typography>
            <Typography variant="caption" sx={{ fontWeight: 700, color: `${color}.main` }} data-testid="password-strength-label">
              {label}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            color={color}
            value={(score / 7) * 100}
            aria-label={`${TEXT.changePassword.strength}: ${label}`}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {TEXT.changePassword.rulesTitle}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.25 }}>
        {RULES.map((rule) => {
          const ok = password.length > 0 && !rule.broken(errors, password);
          return (
            <Box
              component="li"
              key={rule.label}
              data-ok={ok}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: ok ? 'success.main' : 'text.secondary' }}
            >
              {ok ? <CheckCircle sx={{ fontSize: 16 }} /> : <RadioButtonUnchecked sx={{ fontSize: 16 }} />}
              <Typography variant="caption">{rule.label}</Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
