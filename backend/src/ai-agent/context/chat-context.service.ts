import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import {
  BUILT_IN_SESSION_TYPES,
  isQuestionnaireCode,
  QUESTIONNAIRES,
  SEVERITY_LABELS,
  type AiChatSource,
  type AiContextSummary,
  type PatientAiContextSummary,
  type Severity,
} from '@consulta/shared';
import { execute } from '../../common/sql/execute';
import { ProgressQuery, type PatientExercises } from '../../exercises/assignments/progress.query';
import { Budget, clip, packSessions, ranges, takeList, type SessionCandidate, type TranscriptReader } from './context-budget';
import {
  CAPS,
  OWN_SESSION_INDEX_SQL,
  OWN_SESSIONS_SQL,
  OWN_STATISTICS_SQL,
  OWN_TRANSCRIPTS_SQL,
  PATIENT_RECORD_SQL,
  PATIENT_SESSION_INDEX_SQL,
  PATIENT_SESSIONS_SQL,
  PRACTICE_BANK_SQL,
  PRACTICE_PATIENTS_SQL,
  STATISTICS_SQL,
  TRANSCRIPTS_SQL,
} from './context.sql';
import { PATIENT_VIEW_RECORD_SQL as VISIBLE_RECORD } from '../../patient-area/patient-view.sql';
import { RECENT_SCORES_SQL, type RecentScore } from '../../questionnaires/questionnaires.sql';
import { rankSessions } from './session-relevance';

/** What an assistant is given: its data, and the sessions among it. */
export interface ChatContext {
  data: Record<string, unknown>;
  sources: AiChatSource[];
}

/** A session row of PATIENT_SESSIONS_SQL or OWN_SESSIONS_SQL (the latter has only the allow-list's columns). */
interface SessionRow {
  id: string;
  numero_sesion: number;
  fecha: string;
  tipo_sesion: string | null;
  duracion_minutos: number | null;
  transcript_size: number | string;
  [field: string]: unknown;
}

/** A line of a patient's session index: enough to rank the session and to know what its texts would take. */
interface IndexRow {
  id: string;
  numero_sesion: number;
  fecha: string;
  size: number | string;
  rank_text: string;
  transcript_size: number | string;
}

/** How a patient's sessions are read: the index, the chosen sessions' texts, the start of their transcripts. */
interface SessionReads {
  index: IndexRow[];
  summaries: (ids: string[]) => Promise<SessionRow[]>;
  transcripts: TranscriptReader;
}

/** Room kept for the data's own keys and braces. */
const KEYS_ROOM = 300;
/** Exercises listed at most (the most recently assigned first). */
const EXERCISES_MAX = 50;
/** A session entry's keys and figures, beyond its texts (for the estimate of what to read). */
const ENTRY_OVERHEAD = 250;

// One formatter for every date (building one per call costs more than the rest of a session's entry).
const DAY_ES = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric' });
/** A date as the assistant cites it and the UI shows it: dd/mm/aaaa (es-ES), in the server's zone (TZ). */
export const dayEs = (iso: string): string => DAY_ES.format(new Date(iso));
/** 'mm-dd' of an ISO date in the server's zone (dates the question names). */
const monthDay = (iso: string): string => dayEs(iso).replace(/^(\d{2})\/(\d{2})\/\d{4}$/, '$2-$1');

const typeLabel = (tipo: string | null): string | null => BUILT_IN_SESSION_TYPES.find((t) => t.value === tipo)?.label ?? tipo;

/** The object without its empty values (null, blank text, empty object), to spend the budget on what is there. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) =>
        v !== null &&
        v !== undefined &&
        !(typeof v === 'string' && v.trim() === '') &&
        !(typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0),
    ),
  );
}

const TEXT_CAPS: Record<string, number> = {
  temas_importantes: CAPS.short,
  intencion: CAPS.short,
  tipo_medicina: CAPS.field,
  notas: CAPS.notes,
  observaciones: CAPS.notes,
  analisis_ia: CAPS.analysis,
  analisis_ia_paciente: CAPS.analysis,
  propuesta_terapia: CAPS.record,
  objetivos_terapia: CAPS.record,
  plan_tratamiento: CAPS.record,
  notas_terapeuticas: CAPS.record,
};

/** A row's texts clipped to their caps (they were read one character longer, so a cut shows). */
const clipped = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, k in TEXT_CAPS && typeof v === 'string' ? clip(v, TEXT_CAPS[k]) : v]));

/** A session as the assistant reads it: every field its row has, but the transcript (added by the budget). */
function candidate({ id, numero_sesion, fecha, tipo_sesion, transcript_size, ...rest }: SessionRow): SessionCandidate {
  const entry = compact({ numero_sesion, fecha: dayEs(fecha), tipo: typeLabel(tipo_sesion), ...clipped(rest) });
  const minSize = Object.values(entry).reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 0), 0);
  return { id, numero_sesion, fecha, entry, minSize, transcriptSize: Number(transcript_size) };
}

/**
 * Builds what each assistant is given, within a budget of characters: the practice at summary level, one patient
 * in depth (the therapist's), or the patient's own data, read only through the patient area's allow-list
 * (`patient-area/patient-view.sql.ts`).
 */
@Injectable()
export class ChatContextService {
  constructor(
    private readonly em: EntityManager,
    private readonly exercises: ProgressQuery,
  ) {}

  async statistics(therapistId: string): Promise<AiContextSummary['statistics']> {
    const [row] = await this.rows<AiContextSummary['statistics']>(STATISTICS_SQL, [therapistId, therapistId, therapistId, therapistId]);
    return row;
  }

  async ownStatistics(patientId: string): Promise<PatientAiContextSummary['statistics']> {
    const [row] = await this.rows<PatientAiContextSummary['statistics']>(OWN_STATISTICS_SQL, [patientId]);
    return row;
  }

  /** The therapist's practice: statistics, each consenting patient's totals and progress, the bank. No session content. */
  async practice(therapistId: string, budget: Budget): Promise<ChatContext> {
    budget.take(KEYS_ROOM);
    const [statistics, patients, [bank]] = await Promise.all([
      this.statistics(therapistId),
      this.rows<Record<string, unknown>>(PRACTICE_PATIENTS_SQL, [therapistId, therapistId]),
      this.rows<{ ejercicios: Record<string, unknown>[]; modulos: Record<string, unknown>[] }>(PRACTICE_BANK_SQL, [
        therapistId,
        therapistId,
      ]),
    ]);
    budget.takeValue(statistics);
    const listed = takeList(
      patients.map((p) =>
        compact({
          ...p,
          ultima_sesion: p.ultima_sesion ? dayEs(String(p.ultima_sesion)) : null,
          proxima_cita: p.proxima_cita ? dayEs(String(p.proxima_cita)) : null,
        }),
      ),
      budget,
    );
    const ejercicios = takeList(bank.ejercicios.map(compact), budget);
    const modulos = takeList(bank.modulos.map(compact), budget);
    const data: Record<string, unknown> = { estadisticas: statistics, pacientes: listed.items };
    if (listed.omitted > 0) data.pacientes_no_incluidos = listed.omitted;
    const withoutConsent = statistics.total_patients - patients.length;
    if (withoutConsent > 0) data.pacientes_sin_consentimiento_ia = withoutConsent;
    data.banco_de_ejercicios = { ejercicios: ejercicios.items, modulos: modulos.items };
    return { data, sources: [] };
  }

  /** One patient as their therapist knows them: the record, exercises and progress, and the sessions that fit. */
  async patient(patientId: string, question: string, budget: Budget): Promise<ChatContext> {
    const [[record], index, exercises, scores] = await Promise.all([
      this.rows<Record<string, unknown>>(PATIENT_RECORD_SQL, [patientId]),
      this.rows<IndexRow>(PATIENT_SESSION_INDEX_SQL, [patientId]),
      this.exercises.load(patientId, this.em.fork()),
      this.rows<RecentScore>(RECENT_SCORES_SQL, [patientId]),
    ]);
    const paciente = compact({ ...clipped(record), proxima_cita: record.proxima_cita ? dayEs(String(record.proxima_cita)) : null });
    return this.assemble({ paciente, ...scoresData(scores, true) }, exercises, question, budget, {
      index,
      summaries: (ids) => this.rows<SessionRow>(PATIENT_SESSIONS_SQL, [JSON.stringify(ids), patientId]),
      transcripts: (wanted) => this.transcripts(TRANSCRIPTS_SQL, [JSON.stringify(wanted), patientId]),
    });
  }

  /** The signed-in patient's own data, through their allow-list only. */
  async own(patientId: string, question: string, budget: Budget): Promise<ChatContext> {
    const [[record], index, exercises, scores] = await Promise.all([
      this.rows<Record<string, unknown>>(VISIBLE_RECORD, [patientId]),
      this.rows<IndexRow>(OWN_SESSION_INDEX_SQL, [patientId]),
      this.exercises.load(patientId, this.em.fork()),
      this.rows<RecentScore>(RECENT_SCORES_SQL, [patientId]),
    ]);
    const yo = compact({ ...record, proxima_cita: record.proxima_cita ? dayEs(String(record.proxima_cita)) : null });
    return this.assemble({ yo, ...scoresData(scores, false) }, exercises, question, budget, {
      index,
      summaries: (ids) => this.rows<SessionRow>(OWN_SESSIONS_SQL, [patientId, JSON.stringify(ids)]),
      transcripts: (wanted) => this.transcripts(OWN_TRANSCRIPTS_SQL, [JSON.stringify(wanted), patientId]),
    });
  }

  /**
   * The head, the exercises, then the sessions: ranked from the index, the texts read only of those the room could
   * take (in rank order, by their sizes), packed by the budget; the rest named as left out.
   */
  private async assemble(
    head: Record<string, unknown>,
    exercises: PatientExercises,
    question: string,
    budget: Budget,
    reads: SessionReads,
  ): Promise<ChatContext> {
    budget.take(KEYS_ROOM);
    for (const value of Object.values(head)) budget.takeValue(value);
    const data: Record<string, unknown> = { ...head, ejercicios: exercisesData(exercises, budget) };
    const ranked = rankSessions(
      reads.index.map((row) => ({ ...row, text: row.rank_text })),
      question,
      monthDay,
    );
    const chosen: string[] = [];
    let room = budget.remaining;
    for (const row of ranked) {
      if (room <= 0) break;
      chosen.push(row.id);
      room -= Number(row.size) + ENTRY_OVERHEAD;
    }
    const rows = new Map((chosen.length > 0 ? await reads.summaries(chosen) : []).map((row) => [row.id, candidate(row)]));
    const packed = await packSessions(
      chosen.map((id) => rows.get(id)).filter((c): c is SessionCandidate => c !== undefined),
      budget,
      reads.transcripts,
    );
    data.sesiones = packed.entries;
    const left = [...packed.omitted, ...ranked.slice(chosen.length).map((row) => row.numero_sesion)];
    if (left.length > 0) data.sesiones_no_incluidas = ranges(left);
    return { data, sources: packed.sources };
  }

  private async transcripts(sql: string, params: unknown[]): Promise<Map<string, string>> {
    const rows = await this.rows<{ id: string; text: string | null }>(sql, params);
    return new Map(rows.filter((r) => r.text).map((r) => [r.id, r.text!]));
  }

  private rows<T>(sql: string, params: unknown[]): Promise<T[]> {
    // A fork per read: the reads of one context run at once, each on its own connection.
    return execute<T>(this.em.fork(), sql, params);
  }
}

/**
 * The recent questionnaire results, in words ('PHQ-9', 'Moderada'), newest first; `alerta` for the therapist's
 * assistant only. Nothing when there are none.
 */
function scoresData(scores: RecentScore[], withAlert: boolean): { cuestionarios?: Record<string, unknown>[] } {
  if (scores.length === 0) return {};
  return {
    cuestionarios: scores.map((r) => ({
      escala: isQuestionnaireCode(r.codigo) ? QUESTIONNAIRES[r.codigo].nombre : r.codigo,
      fecha: dayEs(r.fecha),
      puntuacion: r.puntuacion,
      gravedad: SEVERITY_LABELS[r.gravedad as Severity] ?? r.gravedad,
      ...(withAlert && r.alerta ? { alerta_seguridad: true } : {}),
    })),
  };
}

/** The patient's exercises: progress, modules and the list (most recently assigned first), as far as they fit. */
function exercisesData(list: PatientExercises, budget: Budget): Record<string, unknown> {
  const { total, completados, pendientes, porcentaje } = ProgressQuery.progress(list);
  const resumen = { total, completados, pendientes, porcentaje };
  budget.takeValue(resumen);
  const modulos = takeList(
    list.modules.map((m) => ({ titulo: m.titulo, ejercicios: m.ejercicios_count, completados: m.completados })),
    budget,
  );
  const lista = takeList(
    list.items.slice(0, EXERCISES_MAX).map((i) =>
      compact({
        titulo: i.titulo,
        categoria: i.categoria,
        descripcion: clip(i.descripcion, CAPS.field),
        origen: i.individual ? 'individual' : `módulo ${i.moduleName ?? ''}`.trim(),
        completado: i.completado,
        fecha_completado: i.fecha_completado ? dayEs(i.fecha_completado) : null,
        notas_paciente: clip(i.notas_paciente, CAPS.field),
      }),
    ),
    budget,
  );
  return compact({
    resumen,
    modulos: modulos.items,
    lista: lista.items,
    no_incluidos: lista.omitted + Math.max(0, list.items.length - EXERCISES_MAX) || null,
  });
}
