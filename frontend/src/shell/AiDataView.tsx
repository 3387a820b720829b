import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useAiPseudonymized } from '../app/core/publicConfig';
import type { AiDataText } from '../i18n/es/ai-data';
import { SectionPage } from './SectionPage';

/** A two-column table under its heading. */
function Listing({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: readonly [string, string];
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <Box component="section">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c} sx={{ fontWeight: 600 }}>
                {c}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([a, b]) => (
            <TableRow key={a}>
              <TableCell component="th" scope="row" sx={{ width: '35%', verticalAlign: 'top' }}>
                {a}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>{b}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * 'Qué se envía a la IA' for one audience (the practice, or a patient about their own assistant): what each AI
 * feature sends to the provider and what is replaced first; where the server sends data as written, it says so
 * first and lists no replacement.
 */
export function AiDataView({ text: T }: { text: AiDataText }) {
  const pseudonymized = useAiPseudonymized();
  // Its links sit at the foot of long pages (the assistant, 'Mi Perfil'): it opens at its top, not where they were.
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <SectionPage title={T.title}>
      <Stack spacing={3} sx={{ maxWidth: 960 }}>
        {pseudonymized ? (
          <Typography>{T.intro}</Typography>
        ) : (
          <Alert severity="warning" data-testid="ai-data-not-pseudonymized">
            {T.off}
          </Alert>
        )}
        {pseudonymized && (
          <Listing
            title={T.replacedTitle}
            columns={[T.replacedColumns.what, T.replacedColumns.as]}
            rows={T.replaced.map((r) => [r.what, r.as])}
          />
        )}
        <Listing
          title={T.featuresTitle}
          columns={[T.featureColumns.feature, pseudonymized ? T.featureColumns.sends : T.featureColumns.sendsAsWritten]}
          rows={T.features.map((f) => [f.feature, f.sends])}
        />
        {pseudonymized && (
          <Box component="section">
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {T.notCoveredTitle}
            </Typography>
            <Box component="ul" sx={{ mt: 0, pl: 3 }}>
              {T.notCovered.map((item) => (
                <li key={item}>
                  <Typography>{item}</Typography>
                </li>
              ))}
            </Box>
            {T.selfHosted && <Typography color="text.secondary">{T.selfHosted}</Typography>}
          </Box>
        )}
      </Stack>
    </SectionPage>
  );
}
