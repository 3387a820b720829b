import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Layout, Menu, useSidebarState } from 'react-admin';
import { SHELL_TEXT } from '../i18n/es/shell';
import { useAuth } from '../app/auth/AuthContext';
import { sectionUrl, useShellConfig } from './config';
import { ExactMenuItem } from './ExactMenuItem';
import { ShellAppBar } from './ShellAppBar';
import { ShellPageHeader } from './ShellPageHeader';
import { useAppBarHeight } from './useAppBarCover';

/** On a phone the side menu is a drawer: 'Cerrar menú' at its top (react-admin's sidebar uses the same breakpoint). */
function PhoneMenuClose() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  if (!phone) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 1 }}>
      <IconButton aria-label={SHELL_TEXT.closeMenu} onClick={() => setOpen(false)}>
        <CloseIcon />
      </IconButton>
    </Box>
  );
}

/** The side menu: the sections listed in it. The home page ('') is active on its own path only. */
function ShellMenu() {
  const { basename, sections } = useShellConfig();
  return (
    <>
      <PhoneMenuClose />
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
    </>
  );
}

/** The greeting, today's date and the header tabs above every page, for a shell that has a greeting. */
function ShellHeader({ greeting }: { greeting: (name: string) => string }) {
  const { basename, sections } = useShellConfig();
  const { user } = useAuth();
  const tabs = sections.flatMap((s) => (s.headerTab ? [{ label: s.headerTab, to: sectionUrl(basename, s) }] : []));
  return <ShellPageHeader greeting={greeting(user?.name ?? '')} tabs={tabs} />;
}

/**
 * What the page scrolls into view (a field that gets the focus, a control reached with Tab or Shift+Tab) stops below
 * the app bar, not at the window's top edge: react-admin brings the bar back on any scroll up, and it would slide in
 * over that control (WCAG 2.4.11, focus not obscured).
 */
function AppBarScrollPadding() {
  const height = useAppBarHeight();
  return <GlobalStyles styles={{ html: { scrollPaddingTop: height } }} />;
}

/** A shell's frame: app bar with the avatar menu, side menu, and the page (after the header, if any). */
export function ShellLayout({ children }: { children: ReactNode }) {
  const { greeting, contentWidth } = useShellConfig();
  return (
    <Layout appBar={ShellAppBar} menu={ShellMenu}>
      <AppBarScrollPadding />
      <Box sx={{ width: '100%', maxWidth: contentWidth, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 1.5, sm: 3 } }}>
        {greeting && <ShellHeader greeting={greeting} />}
        {children}
      </Box>
    </Layout>
  );
}
