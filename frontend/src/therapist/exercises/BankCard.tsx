import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVertOutlined from '@mui/icons-material/MoreVertOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { CardTitleButton, cardFocusRing } from '../../components/CardTitleButton';
import { EXERCISE_BANK_TEXT } from '../../i18n/es/exercise-bank';
import { MenuAction } from '../../components/MenuAction';

const T = EXERCISE_BANK_TEXT.card;

interface BankCardProps {
  title: string;
  description: string | null;
  /** Chips under the title (category, file types...). */
  chips?: ReactNode;
  /** One line of figures at the bottom ('3 pacientes · En 1 módulo'). */
  footer: string;
  onView: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** A card of the bank's grids: opens its detail, and its menu offers Ver detalles / Editar / Eliminar. */
export function BankCard({ title, description, chips, footer, onView, onEdit, onDelete }: BankCardProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const act = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <Card
      component="li"
      variant="outlined"
      aria-label={title}
      sx={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        p: 2,
        pr: 6,
        transition: 'border-color 120ms',
        '&:hover': { borderColor: 'primary.main' },
        ...cardFocusRing,
      }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere', mb: 1 }}>
        <CardTitleButton onClick={onView}>{title}</CardTitleButton>
      </Typography>
      {chips && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mb: 1 }}>
          {chips}
        </Stack>
      )}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
          mb: 1.5,
        }}
      >
        {description || T.noDescription}
      </Typography>
      <Box sx={{ mt: 'auto' }}>
        <Typography variant="caption" color="text.secondary">
          {footer}
        </Typography>
      </Box>
      <IconButton
        aria-label={T.actions(title)}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ position: 'absolute', top: 6, right: 6, zIndex: 1 }}
      >
        <MoreVertOutlined />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuAction onClick={act(onView)} icon={<VisibilityOutlined fontSize="small" />} label={T.view} />
        <MenuAction onClick={act(onEdit)} icon={<EditOutlined fontSize="small" />} label={T.edit} />
        <MenuAction onClick={act(onDelete)} icon={<DeleteOutlined fontSize="small" />} label={T.delete} danger />
      </Menu>
    </Card>
  );
}
