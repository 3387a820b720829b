import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import FavoriteBorderOutlined from '@mui/icons-material/FavoriteBorderOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import PsychologyOutlined from '@mui/icons-material/PsychologyOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TEXT } from '../i18n/es/app';
import { FEATURE_ICONS } from './featureIcons';
import { PublicLayout } from './layout/PublicLayout';
import { CallToAction, FeatureCard, PageHeader, Section } from './PublicSections';

/** /features: the six feature blocks of the landing page, each with what it includes. */
export function FeaturesPage() {
  return (
    <PublicLayout>
      <PageHeader title={TEXT.features.title} lead={TEXT.features.lead} />
      <Container maxWidth="lg" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 3 }}>
          {TEXT.features.items.map((item, i) => (
            <FeatureCard key={item.title} icon={FEATURE_ICONS[i]} title={item.title} text={item.text} heading="h2">
              <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {item.points.map((point) => (
                  <Stack component="li" key={point} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <CheckCircleOutlined color="primary" sx={{ fontSize: 18, mt: '2px' }} />
                    <Typography variant="body2">{point}</Typography>
                  </Stack>
                ))}
              </Stack>
            </FeatureCard>
          ))}
        </Box>
      </Container>
      <CallToAction title={TEXT.features.closing} text={TEXT.landing.ctaText} />
    </PublicLayout>
  );
}

const VALUE_ICONS = [ShieldOutlined, LightbulbOutlined, FavoriteBorderOutlined, PsychologyOutlined];

/** /about: mission, founders and the four values. */
export function AboutPage() {
  return (
    <PublicLayout>
      <PageHeader title={TEXT.about.title} lead={TEXT.about.lead} />
      <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3 }}>
          {[
            { title: TEXT.about.missionTitle, text: TEXT.about.mission },
            { title: TEXT.about.founderTitle, text: TEXT.about.founder },
          ].map((block) => (
            <Card key={block.title} component="article">
              <CardContent sx={{ p: { xs: 3, md: 4 } }}>
                <Typography variant="h6" component="h2" gutterBottom>
                  {block.title}
                </Typography>
                <Typography sx={{ lineHeight: 1.7 }} color="text.secondary">
                  {block.text}
                </Typography>
              </CardContent>
            </Card>
          ))}
        </Box>
      </Container>
      <Section title={TEXT.about.valuesTitle} tinted>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 3 }}>
          {TEXT.about.values.map((value, i) => (
            <FeatureCard key={value.title} icon={VALUE_ICONS[i]} title={value.title} text={value.text} />
          ))}
        </Box>
      </Section>
      <CallToAction title={TEXT.landing.ctaTitle} text={TEXT.landing.ctaText} />
    </PublicLayout>
  );
}
