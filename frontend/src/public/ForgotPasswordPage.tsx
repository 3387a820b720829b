import ArrowBack from '@mui/icons-material/ArrowBack';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { AuthLayout } from './layout/AuthLayout';

/** /forgot-password: the e-mailed reset arrives in a later release; the page says so honestly. */
export function ForgotPasswordPage() {
  return (
    <AuthLayout>
      <Card sx={{ boxShadow: '0 12px 40px rgba(16, 40, 44, 0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ width: 44, height: 44, borderRadius: 2, display: 'grid', placeItems: 'center', bgcolor: 'rgba(47,111,115,0.1)', color: 'primary.main', mb: 2 }}>
            <MarkEmailReadOutlined />
          </Box>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            {TEXT.forgot.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {TEXT.forgot.text}
          </Typography>
          <Button variant="outlined" startIcon={<ArrowBack />} component={RouterLink} to="/login">
            {TEXT.forgot.back}
          </Button>
        </CardContent>
      </Card>
    </AuthLayout>
  );
}
