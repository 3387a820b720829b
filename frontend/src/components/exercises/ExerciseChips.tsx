import ViewModuleOutlined from '@mui/icons-material/ViewModuleOutlined';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { NO_CATEGORY, fileTypeLabel, type AssignedExercise } from '@consulta/shared';
import { EXERCISE_WIDGETS_TEXT as T } from '../../i18n/es/patient-exercises';
import { categoryPalette } from './categoryPalette';

/** The exercise's category in its colour, or 'Sin categoría'. */
export function CategoryChip({ categoria }: { categoria: string | null | undefined }) {
  const label = categoria?.trim() || NO_CATEGORY;
  const { text, background } = categoryPalette(categoria);
  return <Chip size="small" label={label} sx={{ color: text, bgcolor: background, fontWeight: 500 }} />;
}

/** PDF, Audio, Video, Word, Imagen or Archivo, from the file's extension. */
export function FileTypeChip({ fileName }: { fileName: string }) {
  return <Chip size="small" variant="outlined" label={fileTypeLabel(fileName)} />;
}

/** An exercise withdrawn from the bank after it was completed: kept as history. */
export function RetiredChip() {
  return <Chip size="small" color="default" variant="outlined" label={T.retired} title={T.retiredHint} />;
}

interface SourceChipsProps {
  item: Pick<AssignedExercise, 'individual' | 'modulos'>;
  /** Makes each module chip a button that shows that module. */
  onModuleClick?: (moduleId: string) => void;
}

/** Where the exercise comes from: 'Individual' and/or each module that brings it (both when dual-source). */
export function SourceChips({ item, onModuleClick }: SourceChipsProps) {
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.75 }}>
      {item.individual && <Chip size="small" color="primary" variant="outlined" label={T.individual} />}
      {item.modulos.map((m) => (
        <Chip
          key={m.id}
          size="small"
          color="secondary"
          variant="outlined"
          icon={<ViewModuleOutlined />}
          label={m.titulo}
          {...(onModuleClick ? { onClick: () => onModuleClick(m.id), clickable: true, 'aria-label': T.viewModule(m.titulo) } : {})}
        />
      ))}
    </Stack>
  );
}
