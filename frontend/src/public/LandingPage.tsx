import ArrowForward from '@mui/icons-material/ArrowForward';
import AssignmentTurnedInOutlined from '@mui/icons-material/AssignmentTurnedInOutlined';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import FormatQuote from '@mui/icons-material/FormatQuote';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TEXT } from '../i18n/es/app';
import { FEATURE_ICONS } from './featureIcons';
import { PublicLayout } from './layout/PublicLayout';
import { CallToAction, FeatureCard, Section } from './PublicSections';
import { usePageTitle } from '../components/usePageTitle';
import { CardGrid } from '../components/CardGrid';
import { IconBadge } from '../components/IconBadge';

const P = TEXT.landing.preview;

/** 'Dra. Marta Salinas' → 'MS' (titles such as Dr., Dra., Lic. are skipped). */
const initials = (name: string): string =>
  name
    .split(' ')
    .filter((w) => !w.endsWith('.'))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');

const HIGHLIGHT_ICONS = [EventNoteOutlined, AssignmentTurnedInOutlined, ShieldOutlined];

/** A still picture of the product: what a therapist sees for one patient. */
function ProductPreview() {
  return (
    <Card
      aria-hidden
      sx={{ boxShadow: '0 24px 60px rgba(16, 40, 44, 0.14)', maxWidth: 420, mx: 'auto', transform: { md: 'rotate(1deg)' } }}
    >
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700, fontSize: '1rem' }}>{P.initials}</Avatar>
          <Box>
            <Typography sx={{ fontWeight: 700 }}>{P.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {P.about}
            </Typography>
          </Box>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 2.5 }}>
          <Chip size="small" color="primary" variant="outlined" label={P.sessions} />
          <Chip size="small" variant="outlined" label={P.time} />
        </Stack>
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.06em' }}>
          {P.lastSession}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, mb: 2 }}>
          {P.lastNote}
        </Typography>
        <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 0.75 }}>
          <Typography variant="caption" color="text.secondary">
            {P.exercises}
          </Typography>
          <Typography variant="caption" sx={{ fontWeight: 700 }}>
            {P.progress}
          </Typography>
        </Stack>
        <LinearProgress variant="determinate" value={75} sx={{ height: 6, borderRadius: 3 }} />
      </CardContent>
    </Card>
  );
}

/** / : the landing page: hero, six features, five steps, six benefits, three testimonials, call to action. */
export function LandingPage() {
  usePageTitle();
  return (
    <PublicLayout>
      <Box
        component="section"
        sx={{
          background: 'linear-gradient(180deg, #ffffff 0%, #eef5f4 100%)',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Container maxWidth="lg" sx={{ py: { xs: 6, md: 11 } }}>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' }, gap: { xs: 6, md: 8 }, alignItems: 'center' }}>
            <Box>
              <Chip label={TEXT.landing.eyebrow} color="primary" variant="outlined" sx={{ mb: 2.5, bgcolor: '#fff' }} />
              <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '2.3rem', md: '3.4rem' }, lineHeight: 1.1, mb: 2.5 }}>
                {TEXT.landing.title}
              </Typography>
              <Typography sx={{ fontSize: { xs: '1.05rem', md: '1.2rem' }, color: 'text.secondary', maxWidth: 560, mb: 4 }}>
                {TEXT.landing.lead}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button variant="contained" size="large" endIcon={<ArrowForward />} component={RouterLink} to="/login">
                  {TEXT.landing.start}
                </Button>
                <Button variant="outlined" size="large" component={RouterLink} to="/features" sx={{ bgcolor: '#fff' }}>
                  {TEXT.landing.more}
                </Button>
              </Stack>
            </Box>
            <ProductPreview />
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg" component="section" sx={{ py: { xs: 6, md: 9 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {TEXT.landing.highlights.map((h, i) => {
            const Icon = HIGHLIGHT_ICONS[i];
            return (
              <Stack key={h.title} direction="row" spacing={2}>
                <IconBadge sx={{ mb: 2 }}>
                  <Icon />
                </IconBadge>
                <Box>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {h.title}
                  </Typography>
                  <Typography color="text.secondary">{h.text}</Typography>
                </Box>
              </Stack>
            );
          })}
        </Box>
      </Container>
      <Section title={TEXT.landing.featuresTitle} lead={TEXT.landing.featuresLead} tinted>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {TEXT.features.items.map((item, i) => (
            <FeatureCard key={item.title} icon={FEATURE_ICONS[i]} title={item.title} text={item.text} />
          ))}
        </Box>
      </Section>
      <Section title={TEXT.landing.stepsTitle}>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' },
            gap: 3,
          }}
        >
          {TEXT.landing.steps.map((step, i) => (
            <Box component="li" key={step.title} sx={{ textAlign: { md: 'center' } }}>
              <Box
                aria-hidden
                sx={{
                  width: 44,
                  height: 44,
                  mx: { md: 'auto' },
                  mb: 1.5,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: '#fff',
                  fontWeight: 700,
                }}
              >
                {i + 1}
              </Box>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 0.5 }}>
                {step.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {step.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Section>
      <Section title={TEXT.landing.benefitsTitle} tinted>
        <CardGrid columns={{ md: 2 }} sx={{ maxWidth: 900, mx: 'auto' }}>
          {TEXT.landing.benefits.map((benefit) => (
            <Stack
              component="li"
              key={benefit}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'flex-start', bgcolor: '#fff', borderRadius: 2, p: 2, border: 1, borderColor: 'divider' }}
            >
              <CheckCircleOutlined color="primary" />
              <Typography>{benefit}</Typography>
            </Stack>
          ))}
        </CardGrid>
      </Section>
      <Section title={TEXT.landing.testimonialsTitle}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {TEXT.landing.testimonials.map((t) => (
            <Card key={t.name} component="figure" sx={{ m: 0 }}>
              <CardContent sx={{ p: 3, display: 'flex', flexDirection: 'column', height: '100%' }}>
                <FormatQuote color="primary" sx={{ fontSize: 32, mb: 1 }} />
                <Typography component="blockquote" sx={{ m: 0, mb: 2.5, flex: 1, lineHeight: 1.6 }}>
                  {t.quote}
                </Typography>
                <Stack component="figcaption" direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <Avatar sx={{ bgcolor: 'primary.main', fontWeight: 700, fontSize: '1rem' }}>{initials(t.name)}</Avatar>
                  <Box>
                    <Typography sx={{ fontWeight: 700 }}>{t.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t.role}
                    </Typography>
                  </Box>
                </Stack>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Section>
      <CallToAction title={TEXT.landing.ctaTitle} text={TEXT.landing.ctaText} />
    </PublicLayout>
  );
}
