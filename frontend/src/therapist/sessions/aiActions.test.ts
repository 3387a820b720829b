import type { Session } from '@consulta/shared';
import { describe, expect, it } from 'vitest';
import { aSession } from '../../test/factories';
import { draftAiActions, sessionAnalysisView } from './aiActions';
import { emptySessionForm, type SessionForm } from './sessionForm';

const form = (patch: Partial<SessionForm> = {}): SessionForm => ({
  ...emptySessionForm(new Date(2026, 10, 23)),
  tipo: 'psicoterapia',
  ...patch,
});
const VIDEO = { archivo_video_info: { file_key: 'files/t/sesiones/p1/0123456789abcdef-s.mp4' } };
const SEGMENT = { speaker_label: 'Hablante 1', start_time: 0, end_time: 2, text: 'Hola' };

describe('draft AI actions', () => {
  it('offers the transcription only with a video; again after a transcript or a failure, asking before replacing one', () => {
    expect(draftAiActions({ estado: 'borrador', archivo_video_info: {} }, form())).toMatchObject({
      transcribe: null,
      analyze: null,
      busy: false,
    });
    expect(draftAiActions({ estado: 'borrador', ...VIDEO }, form())).toMatchObject({
      transcribe: 'Transcribir video',
      confirmTranscribe: false,
    });
    expect(draftAiActions({ estado: 'fallido', ...VIDEO }, form())).toMatchObject({
      transcribe: 'Transcribir de nuevo',
      confirmTranscribe: false,
    });
    expect(
      draftAiActions({ estado: 'borrador', ...VIDEO }, form({ segments: [SEGMENT], transcripcion: 'Hablante 1: Hola' })),
    ).toMatchObject({
      transcribe: 'Transcribir de nuevo',
      confirmTranscribe: true,
      hasTranscript: true,
    });
  });

  it('offers the analysis with a transcript or notes; regenerating asks first', () => {
    expect(draftAiActions({ estado: 'borrador', archivo_video_info: {} }, form({ notas: 'Notas' }))).toMatchObject({
      analyze: 'Generar análisis IA',
      confirmAnalyze: false,
    });
    expect(draftAiActions({ estado: 'borrador', archivo_video_info: {} }, form({ transcripcion: 'Texto' })).analyze).toBe(
      'Generar análisis IA',
    );
    expect(draftAiActions({ estado: 'borrador', archivo_video_info: {} }, form({ titulo: 'Solo título', notas: '  ' })).analyze).toBeNull();
    expect(draftAiActions({ estado: 'borrador', archivo_video_info: {} }, form({ notas: 'N', analisis_ia: 'A' }))).toMatchObject({
      analyze: 'Regenerar análisis',
      confirmAnalyze: true,
      hasAnalysis: true,
    });
  });

  it('a running job makes both wait', () => {
    expect(draftAiActions({ estado: 'transcribiendo', ...VIDEO }, form({ notas: 'N' })).busy).toBe(true);
    expect(draftAiActions({ estado: 'procesando', ...VIDEO }, form({ notas: 'N' })).busy).toBe(true);
  });
});

describe('session analysis view', () => {
  const session = (patch: Partial<Session>) => aSession({ notas: 'N', ...patch });

  it('generates, regenerates, or needs something to analyse', () => {
    expect(sessionAnalysisView(session({}))).toMatchObject({ analyze: 'Generar análisis IA', hasAnalysis: false, canPublish: false });
    expect(sessionAnalysisView(session({ notas: null })).analyze).toBeNull();
    expect(sessionAnalysisView(session({ analisis_ia: 'A', analisis_ia_paciente: 'P' })).analyze).toBe('Regenerar análisis');
  });

  it('offers publishing an unpublished patient version, not while generating', () => {
    expect(sessionAnalysisView(session({ analisis_ia_paciente: 'P' }))).toMatchObject({ published: false, canPublish: true });
    expect(sessionAnalysisView(session({ analisis_ia_paciente: 'P', analisis_ia_paciente_publicado: true }))).toMatchObject({
      published: true,
      canPublish: false,
    });
    expect(sessionAnalysisView(session({ analisis_ia_paciente: 'P', analisis_estado: 'generando' }))).toMatchObject({
      generating: true,
      canPublish: false,
    });
    expect(sessionAnalysisView(session({ analisis_estado: 'fallido' })).failed).toBe(true);
  });
});
