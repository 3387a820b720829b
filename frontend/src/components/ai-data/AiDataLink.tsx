import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AI_DATA_TEXT } from '../../i18n/es/ai-data';

/** The link to 'Qué se envía a la IA' (the practice's page or the patient's), where an AI feature is used or set up. */
export function AiDataLink({ to }: { to: string }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PrivacyTipOutlined fontSize="inherit" aria-hidden />
      {AI_DATA_TEXT.link}
    </Link>
  );
}
