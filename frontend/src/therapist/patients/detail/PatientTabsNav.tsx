import ExpandMore from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MOBILE_BREAKPOINT_PX } from '@consulta/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { WORKSPACE_TEXT } from '../../../i18n/es/workspace';
import { PATIENT_TABS, tabUrl } from './tabs';
import type { PatientTab } from './tabTypes';

const NAV_ID = 'patient-sections';

function TabLinks({ patientUrl, active, onPick }: { patientUrl: string; active: PatientTab; onPick: () => void }) {
  return (
    <List component="nav" aria-label={WORKSPACE_TEXT.patientDetail.sectionsNav} sx={{ p: 1 }}>
      {PATIENT_TABS.map((t) => {
        const current = t.id === active.id;
        return (
          <ListItemButton
            key={t.id}
            component={RouterLink}
            to={tabUrl(patientUrl, t)}
            onClick={onPick}
            selected={current}
            aria-current={current ? 'page' : undefined}
            sx={{
              borderRadius: 2,
              mb: 0.25,
              '&.Mui-selected': {
                bgcolor: 'rgba(47,111,115,0.10)',
                color: 'primary.dark',
                '& .MuiListItemIcon-root': { color: 'primary.main' },
              },
            }}
          >
            <ListItemIcon sx={{ minWidth: 36 }}>{t.icon}</ListItemIcon>
            <ListItemText primary={t.label} slotProps={{ primary: { variant: 'body2', sx: { fontWeight: current ? 700 : 500 } } }} />
          </ListItemButton>
        );
      })}
    </List>
  );
}

/**
 * The side menu of the patient's sections: each entry is a link to the tab's URL (so the back button and a
 * reload keep the tab). Below 768 px it collapses behind a toggle that names the current section.
 */
export function PatientTabsNav({ patientUrl, active }: { patientUrl: string; active: PatientTab }) {
  const isPhone = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useState(false);
  const links = <TabLinks patientUrl={patientUrl} active={active} onPick={() => setOpen(false)} />;
  return (
    <Card sx={{ position: { md: 'sticky' }, top: { md: 72 } }}>
      {isPhone ? (
        <>
          <Button
            fullWidth
            onClick={() => setOpen((o) => !o)}
            endIcon={<ExpandMore sx={{ transform: open ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }} />}
            aria-expanded={open}
            aria-controls={NAV_ID}
            aria-label={`${WORKSPACE_TEXT.patientDetail.sectionsNav}: ${active.label}`}
            sx={{ justifyContent: 'space-between', px: 2, py: 1.5 }}
            color="inherit"
          >
            <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', color: 'primary.main' }}>
              {active.icon}
              <span>{active.label}</span>
            </Stack>
          </Button>
          <Collapse in={open} id={NAV_ID}>
            {links}
          </Collapse>
        </>
      ) : (
        links
      )}
    </Card>
  );
}
