import LaunchOutlined from '@mui/icons-material/LaunchOutlined';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isWebLink } from './placeFormat';

/**
 * Where an appointment happens: a web address becomes a link that opens in a new tab (a video call), anything
 * else is shown as written (an address).
 */
export function AppointmentPlace({ place, linkLabel }: { place: string; linkLabel: (link: string) => string }) {
  if (!isWebLink(place)) return <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{place}</Typography>;
  return (
    <Link
      href={place.trim()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={linkLabel(place)}
      sx={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
    >
      {place}
      <LaunchOutlined fontSize="inherit" aria-hidden />
    </Link>
  );
}
