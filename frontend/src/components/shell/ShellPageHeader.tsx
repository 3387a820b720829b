import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { longDateEs } from '../../i18n/format';

export interface HeaderTab {
  label: string;
  to: string;
}

/** Greeting and the section tabs shown above every page of a shell. */
export function ShellPageHeader({ greeting, tabs }: { greeting: string; tabs?: HeaderTab[] }) {
  const { pathname } = useLocation();
  const active = tabs?.find((t) => pathname === t.to || pathname.startsWith(`${t.to}/`));
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="shell-greeting">
        {greeting}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, '&::first-letter': { textTransform: 'uppercase' } }}>
        {longDateEs(new Date())}
      </Typography>
      {tabs && (
        <Tabs
          value={active ? active.to : false}
          aria-label="Secciones principales"
          variant="scrollable"
          sx={{ mt: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTabs-indicator': { display: active ? 'block' : 'none' } }}
        >
          {tabs.map((t) => (
            <Tab key={t.to} value={t.to} label={t.label} component={RouterLink} to={t.to} />
          ))}
        </Tabs>
      )}
    </Box>
  );
}
