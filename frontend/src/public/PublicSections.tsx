import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { usePageTitle } from '../components/usePageTitle';
import { IconBadge } from '../components/IconBadge';

/** A page section with a centered heading. */
export function Section({
  title,
  lead,
  tinted = false,
  children,
}: {
  title: string;
  lead?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component="section" sx={{ bgcolor: tinted ? '#eef5f4' : 'transparent', py: { xs: 6, md: 9 } }}>
      <Container maxWidth="lg">
        <Box sx={{ textAlign: 'center', maxWidth: 680, mx: 'auto', mb: { xs: 4, md: 6 } }}>
          <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.7rem', md: '2.2rem' }, fontWeight: 700, mb: lead ? 1.5 : 0 }}>
            {title}
          </Typography>
          {lead && <Typography sx={{ color: 'text.secondary', fontSize: '1.05rem' }}>{lead}</Typography>}
        </Box>
        {children}
      </Container>
    </Box>
  );
}

/** Header of the secondary public pages. */
export function PageHeader({ title, lead }: { title: string; lead: string }) {
  usePageTitle(title);
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

/** The closing call to action: a band with a button to /login. */
export function CallToAction({ title, text }: { title: string; text: string }) {
  return (
    <Box component="section" sx={{ py: { xs: 6, md: 9 }, px: 2 }}>
      <Container
        maxWidth="md"
        sx={{
          textAlign: 'center',
          color: '#fff',
          borderRadius: 4,
          py: { xs: 5, md: 7 },
          px: { xs: 3, md: 6 },
          background: 'linear-gradient(135deg, #1f5256 0%, #2f6f73 60%, #4d8c88 100%)',
        }}
      >
        <Typography variant="h4" component="h2" sx={{ fontSize: { xs: '1.6rem', md: '2.1rem' }, fontWeight: 700, mb: 1.5 }}>
          {title}
        </Typography>
        <Typography sx={{ opacity: 0.9, mb: 3.5 }}>{text}</Typography>
        <Button
          variant="contained"
          size="large"
          component={RouterLink}
          to="/login"
          sx={{ bgcolor: '#fff', color: 'primary.dark', '&:hover': { bgcolor: '#e6f2ef' } }}
        >
          {TEXT.landing.start}
        </Button>
      </Container>
    </Box>
  );
}

/** A card with an icon, a title and a text (features, values); `children` go below the text. */
export function FeatureCard({
  icon: Icon,
  title,
  text,
  heading = 'h3',
  children,
}: {
  icon: SvgIconComponent;
  title: string;
  text: string;
  heading?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  return (
    <Card component="article">
      <CardContent sx={{ p: 3 }}>
        <IconBadge sx={{ mb: 2 }}>
          <Icon />
        </IconBadge>
        <Typography variant="h6" component={heading} gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: children ? 2 : 0 }}>
          {text}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
