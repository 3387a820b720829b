import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink, useLocation } from 'react-router';
import { SHELL_TEXT } from '../i18n/es/shell';
import { longDateEs } from '../i18n/format';

export interface HeaderTab {
  label: string;
  to: string;
}

/**
 * Greeting and the section tabs shown above every page of a shell. On a phone (below `sm`, where the side menu is a
 * drawer) the header is one short line, the greeting, and no tabs: the drawer is the one navigation there, and the
 * first screen is for the page's content.
 */
export function ShellPageHeader({ greeting, tabs }: { greeting: string; tabs?: HeaderTab[] }) {
  const { pathname } = useLocation();
  const active = tabs?.find((t) => pathname === t.to || pathname.startsWith(`${t.to}/`));
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ mb: { xs: 1, sm: 3 } }}>
      <Typography
        variant="h5"
        component="p"
        sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: undefined }, color: { xs: 'text.secondary', sm: 'text.primary' } }}
        data-testid="shell-greeting"
      >
        {greeting}
      </Typography>
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ mt: 0.25, display: { xs: 'none', sm: 'block' }, '&::first-letter': { textTransform: 'uppercase' } }}
      >
        {longDateEs(new Date())}
      </Typography>
      {tabs && !phone && (
        <Tabs
          value={active ? active.to : false}
          aria-label={SHELL_TEXT.sectionTabs}
          variant="scrollable"
          sx={{
            mt: 2,
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTabs-indicator': { display: active ? 'block' : 'none' },
            '& .MuiTab-root': { minWidth: 0, px: 2, lineHeight: 1.25 },
          }}
        >
          {tabs.map((t) => (
            <Tab key={t.to} value={t.to} label={t.label} component={RouterLink} to={t.to} />
          ))}
        </Tabs>
      )}
    </Box>
  );
}
