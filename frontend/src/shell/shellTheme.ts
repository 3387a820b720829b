import { esES } from '@mui/material/locale';
import type { RaThemeOptions } from 'react-admin';
import { themeOptions } from '../app/theme';
import { SHELL_TEXT } from '../i18n/es/shell';

/** The app theme plus the react-admin layout touches (sidebar, menu, content spacing). */
export const shellTheme: RaThemeOptions = {
  ...themeOptions,
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...(esES.components as object),
    ...themeOptions.components,
    RaLayout: {
      styleOverrides: {
        root: {
          backgroundColor: '#f4f7f7',
          // react-admin lets the layout grow to its content's width; let long content scroll instead.
          minWidth: 0,
          '& .RaLayout-content': { backgroundColor: '#f4f7f7', padding: 0, minWidth: 0 },
          '& .RaLayout-appFrame': { marginTop: 56 },
          '@media (max-width:599.95px)': { '& .RaLayout-appFrame': { marginTop: 56 } },
        },
      },
    },
    RaAppBar: {
      styleOverrides: {
        root: {
          '& .RaAppBar-toolbar': { minHeight: 56, paddingLeft: 8 },
        },
      },
    },
    RaSidebar: {
      // On a phone the menu is a drawer (a dialog): it needs a name.
      defaultProps: { slotProps: { paper: { 'aria-label': SHELL_TEXT.mainMenu } } },
      styleOverrides: {
        root: {
          // react-admin sizes the docked sidebar for a 48 px app bar; ours is 56 px, so every page scrolled by 8 px.
          height: 'calc(100vh - 56px)',
          '& .MuiPaper-root': { borderRadius: 0 },
          // The white panel is the fixed part, full height: the drawer itself is one screen tall and scrolls
          // away with a long page, which left the menu half on white and half on the page's grey.
          '& .RaSidebar-fixed': { backgroundColor: '#ffffff', borderRight: '1px solid #e2e8e8', height: '100vh', width: 'inherit' },
        },
      },
    },
    RaMenu: { styleOverrides: { root: { paddingTop: 12 } } },
    RaMenuItemLink: {
      styleOverrides: {
        root: {
          borderRadius: 10,
          margin: '2px 8px',
          paddingTop: 9,
          paddingBottom: 9,
          color: '#5b6b6e',
          '&.RaMenuItemLink-active': {
            color: '#1f5256',
            backgroundColor: 'rgba(47,111,115,0.10)',
            fontWeight: 600,
            '& .RaMenuItemLink-icon': { color: '#2f6f73' },
          },
        },
      },
    },
  },
};
