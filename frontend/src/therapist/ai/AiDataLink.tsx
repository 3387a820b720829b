import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { AI_DATA_TEXT } from '../../i18n/es/ai-data';
import { AI_DATA_URL } from './aiDataLinks';

/** The link to 'Qué se envía a la IA', where an AI feature is used or set up. */
export function AiDataLink() {
  return (
    <Link component={RouterLink} to={AI_DATA_URL} variant="body2" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <PrivacyTipOutlined fontSize="inherit" aria-hidden />
      {AI_DATA_TEXT.link}
    </Link>
  );
}
