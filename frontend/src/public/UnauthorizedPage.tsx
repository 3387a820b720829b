import ArrowBack from '@mui/icons-material/ArrowBack';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { Link as RouterLink, useNavigate } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { StatusPage } from './StatusPage';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={<LockOutlined />}
      title={TEXT.unauthorized.title}
      text={TEXT.unauthorized.text}
      actions={
        <>
          <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(-1)}>
            {TEXT.unauthorized.back}
          </Button>
          <Button variant="contained" startIcon={<HomeOutlined />} component={RouterLink} to="/">
            {TEXT.unauthorized.home}
          </Button>
        </>
      }
    />
  );
}
