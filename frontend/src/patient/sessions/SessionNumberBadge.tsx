import { IconBadge } from '../../components/IconBadge';

/** A session's number in the tinted square, before its title (which says it to a screen reader); `large` on its own card. */
export function SessionNumberBadge({ numero, large = false }: { numero: number; large?: boolean }) {
  const side = large ? 48 : 40;
  return (
    <IconBadge aria-hidden sx={{ width: side, height: side, fontWeight: 700, fontSize: large ? '1.1rem' : undefined }}>
      {numero}
    </IconBadge>
  );
}
