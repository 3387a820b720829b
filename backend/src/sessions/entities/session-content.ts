import { randomUUID } from 'node:crypto';
import type { CamposDatos } from '@consulta/shared';
import { PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The optional columns of SessionContent, for the entities' OptionalProps. */
export type SessionContentOptional =
  | 'duracionMinutos'
  | 'tipoSesion'
  | 'numVoces'
  | 'notas'
  | 'temasImportantes'
  | 'intencion'
  | 'tipoMedicina'
  | 'cantidad'
  | 'observaciones'
  | 'camposDatos'
  | 'analisisIaPaciente'
  | 'createdAt'
  | 'updatedAt';

/**
 * What a therapist writes about a session: the columns a session and its draft share (each entity adds its
 * relations, its custom type with its own delete rule, and what only it has).
 */
export abstract class SessionContent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'integer', nullable: true })
  duracionMinutos: number | null = null;

  /** 'psicoterapia' or 'psicodelica'; null for a custom type. */
  @Property({ type: 'string', length: 20, nullable: true })
  tipoSesion: string | null = null;

  @Property({ type: 'smallint', default: 2 })
  numVoces: number = 2;

  @Property({ type: 'text', nullable: true })
  notas: string | null = null;

  @Property({ type: 'text', nullable: true })
  temasImportantes: string | null = null;

  @Property({ type: 'text', nullable: true })
  intencion: string | null = null;

  @Property({ type: 'text', nullable: true })
  tipoMedicina: string | null = null;

  @Property({ type: 'double', nullable: true })
  cantidad: number | null = null;

  @Property({ type: 'text', nullable: true })
  observaciones: string | null = null;

  @Property({ type: 'json', default: '{}' })
  camposDatos: CamposDatos = {};

  /** The patient version of the AI analysis. */
  @Property({ type: 'text', nullable: true })
  analisisIaPaciente: string | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}
