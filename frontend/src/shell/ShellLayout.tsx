import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout, Menu } from 'react-admin';
import { useAuth } from '../app/auth/AuthContext';
import { sectionUrl, useShellConfig } from './config';
import { ExactMenuItem } from './ExactMenuItem';
import { ShellAppBar } from './ShellAppBar';
import { ShellPageHeader } from './ShellPageHeader';

/** The side menu: the sections listed in it. The home page ('') is active on its own path only. */
function ShellMenu() {
  const { basename, sections } = useShellConfig();
  return (
    <Menu>
      {sections
        .filter((s) => s.inMenu)
        .map((s) =>
          s.path ? (
            <Menu.Item key={s.id} to={sectionUrl(basename, s)} primaryText={s.label} leftIcon={s.icon} />
          ) : (
            <ExactMenuItem key={s.id} to={basename} primaryText={s.label} leftIcon={s.icon} />
          ),
        )}
    </Menu>
  );
}

/** The greeting, today's date and the header tabs above every page, for a shell that has a greeting. */
function ShellHeader({ greeting }: { greeting: (name: string) => string }) {
  const { basename, sections } = useShellConfig();
  const { user } = useAuth();
  const tabs = sections.flatMap((s) => (s.headerTab ? [{ label: s.headerTab, to: sectionUrl(basename, s) }] : []));
  return <ShellPageHeader greeting={greeting(user?.name ?? '')} tabs={tabs} />;
}

/** A shell's frame: app bar with the avatar menu, side menu, and the page (after the header, if any). */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { greeting, contentWidth } = useShellConfig();
  return (
    <Layout appBar={ShellAppBar} menu={ShellMenu}>
      <Box sx={{ width: '100%', maxWidth: contentWidth, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 3 } }}>
        {greeting && <ShellHeader greeting={greeting} />}
        {children}
      </Box>
    </Layout>
  );
}
