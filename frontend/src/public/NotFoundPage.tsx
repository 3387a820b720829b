import ExploreOffOutlined from '@mui/icons-material/ExploreOffOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { StatusPage } from './StatusPage';

export function NotFoundPage() {
  return (
    <StatusPage
      icon={<ExploreOffOutlined />}
      eyebrow={TEXT.notFound.code}
      title={TEXT.notFound.title}
      text={TEXT.notFound.text}
      actions={
        <Button variant="contained" startIcon={<HomeOutlined />} component={RouterLink} to="/">
          {TEXT.notFound.home}
        </Button>
      }
    />
  );
}
