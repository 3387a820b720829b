import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Layout, Menu, type AppBarProps } from 'react-admin';
import { useAuth } from '../../app/auth/AuthContext';
import { ShellAppBar } from '../../components/shell/ShellAppBar';
import { ShellPageHeader, type HeaderTab } from '../../components/shell/ShellPageHeader';
import { TEXT } from '../../i18n/es/app';
import { THERAPIST_HOME, THERAPIST_PROFILE, THERAPIST_SECTIONS, sectionUrl } from '../sections';

const S = TEXT.therapistShell;

const HEADER_TABS: HeaderTab[] = THERAPIST_SECTIONS.flatMap((s) => (s.headerTab ? [{ label: s.headerTab, to: sectionUrl(s) }] : []));
const MENU_SECTIONS = THERAPIST_SECTIONS.filter((s) => s.inMenu);

function TherapistAppBar(props: AppBarProps) {
  return <ShellAppBar {...props} area={S.area} home={THERAPIST_HOME} profilePath={THERAPIST_PROFILE} />;
}

function TherapistMenu() {
  return (
    <Menu>
      {MENU_SECTIONS.map((s) => (
        <Menu.Item key={s.id} to={sectionUrl(s)} primaryText={s.label} leftIcon={s.icon} />
      ))}
    </Menu>
  );
}

/** The therapist shell: app bar with the avatar menu, side menu, greeting and section tabs (all from `sections`). */
export function TherapistLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return (
    <Layout appBar={TherapistAppBar} menu={TherapistMenu}>
      <Box sx={{ width: '100%', maxWidth: 1320, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2.5, sm: 3 } }}>
        <ShellPageHeader greeting={S.greeting(user?.name ?? '')} tabs={HEADER_TABS} />
        {children}
      </Box>
    </Layout>
  );
}
