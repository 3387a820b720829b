import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import BarChartOutlined from '@mui/icons-material/BarChartOutlined';
import BoltOutlined from '@mui/icons-material/BoltOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import VideocamOutlined from '@mui/icons-material/VideocamOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { PublicLayout } from './layout/PublicLayout';

function PageHeader({ title, lead }: { title: string; lead: string }) {
  return (
    <Box sx={{ background: 'linear-gradient(180deg, #ffffff 0%, #eef5f4 100%)', borderBottom: 1, borderColor: 'divider' }}>
      <Container maxWidth="md" sx={{ py: { xs: 6, md: 8 }, textAlign: 'center' }}>
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.6rem' }, mb: 2 }}>
          {title}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: '1.1rem' }}>{lead}</Typography>
      </Container>
    </Box>
  );
}

const FEATURE_ICONS = [VideocamOutlined, AutoAwesomeOutlined, GroupsOutlined, BarChartOutlined, LockOutlined, BoltOutlined];

function Closing({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center', mt: 6 }}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {children}
      </Typography>
      <Button variant="contained" size="large" component={RouterLink} to="/login">
        {TEXT.landing.start}
      </Button>
    </Box>
  );
}

/** /features: the six blocks in brief (the full page arrives with the public site). */
export function FeaturesPage() {
  return (
    <PublicLayout>
      <PageHeader title={TEXT.features.title} lead={TEXT.features.lead} />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {TEXT.features.items.map((item, i) => {
            const Icon = FEATURE_ICONS[i];
            return (
              <Card key={item.title}>
                <CardContent sx={{ p: 3 }}>
                  <Icon color="primary" sx={{ mb: 1.5 }} />
                  <Typography variant="h6" component="h2" gutterBottom>
                    {item.title}
                  </Typography>
                  <Typography color="text.secondary">{item.text}</Typography>
                </CardContent>
              </Card>
            );
          })}
        </Box>
        <Closing>{TEXT.features.soon}</Closing>
      </Container>
    </PublicLayout>
  );
}

/** /about: mission and values in brief. */
export function AboutPage() {
  return (
    <PublicLayout>
      <PageHeader title={TEXT.about.title} lead={TEXT.about.lead} />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Card>
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Typography sx={{ fontSize: '1.05rem', lineHeight: 1.7 }}>{TEXT.about.text}</Typography>
          </CardContent>
        </Card>
        <Closing>{TEXT.features.soon}</Closing>
      </Container>
    </PublicLayout>
  );
}
