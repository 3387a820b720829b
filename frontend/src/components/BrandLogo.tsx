import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TEXT } from '../i18n/es/app';

export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <Box component="svg" viewBox="0 0 64 64" aria-hidden sx={{ width: size, height: size, flexShrink: 0 }}>
      <rect width="64" height="64" rx="14" fill="#2f6f73" />
      <path d="M40.5 22.5a13 13 0 1 0 0 19" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
      <circle cx="44" cy="32" r="3.5" fill="#a7d8d0" />
    </Box>
  );
}

/** The product mark and name. */
export function BrandLogo({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <BrandMark size={size} />
      <Typography
        component="span"
        sx={{ fontWeight: 750, fontSize: size * 0.62, letterSpacing: '-0.02em', color: inverted ? '#fff' : 'text.primary' }}
      >
        {TEXT.brand}
      </Typography>
    </Box>
  );
}
