import { randomUUID } from 'node:crypto';
import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, OneToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { User } from '../../auth/entities/user.entity';
import { foldSql } from '../name-key';

/**
 * A therapist's patient. The patient's e-mail lives on their User. Deleting the user
 * deletes the patient row (ON DELETE CASCADE), and every later table that belongs to a patient cascades too.
 */
@Entity({ tableName: 'patients' })
@Index({ name: 'patients_therapist_names_idx', properties: ['therapist', 'nombreKey', 'apellidoKey'] })
export class Patient {
  [OptionalProps]?:
    | 'telefonoPaciente'
    | 'telefono'
    | 'direccion'
    | 'genero'
    | 'notasPaciente'
    | 'edad'
    | 'fechaNacimiento'
    | 'estadoCivil'
    | 'profesionOcupacion'
    | 'nivelEscolaridad'
    | 'haHechoTerapia'
    | 'haHechoPsicodelicos'
    | 'haHechoConstelaciones'
    | 'propuestaTerapia'
    | 'tipoServicio'
    | 'whatsappMensajeriaConsentimiento'
    | 'fechaIngreso'
    | 'estadoTerapia'
    | 'notasTerapeuticas'
    | 'objetivosTerapia'
    | 'planTratamiento'
    | 'totalSesiones'
    | 'totalTiempoMinutos'
    | 'ejerciciosVistosEn'
    | 'fechaCreacion';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @OneToOne({ entity: () => User, owner: true, deleteRule: 'cascade', unique: 'patients_user_id_unique' })
  user: User;

  @ManyToOne({ entity: () => User, deleteRule: 'restrict' })
  therapist: User;

  @Property({ type: 'string', length: 100 })
  nombre: string;

  @Property({ type: 'string', length: 100 })
  apellido: string;

  /** Folded nombre (lower-case, no accents), kept by the database: the list sorts and searches on it. */
  @Property({ type: 'text', generated: `(${foldSql('nombre')}) stored`, nullable: true })
  nombreKey?: string;

  /** Folded apellido, kept by the database. */
  @Property({ type: 'text', generated: `(${foldSql('apellido')}) stored`, nullable: true })
  apellidoKey?: string;

  /** Full number: dial code plus digits, e.g. +573001234567. */
  @Property({ type: 'string', length: 20, nullable: true })
  telefonoPaciente: string | null = null;

  @Property({ type: 'string', length: 30, nullable: true })
  telefono: string | null = null;

  /** Kept by the patient ('Mi Perfil'). */
  @Property({ type: 'string', length: 300, nullable: true })
  direccion: string | null = null;

  /** Said by the patient ('Mi Perfil'), in their own words. */
  @Property({ type: 'string', length: 50, nullable: true })
  genero: string | null = null;

  /**
   * The patient's own notes about themself ('Mi Perfil'): written by them, read by their therapist. Never the
   * therapist's notes, which are `notasTerapeuticas` and never reach the patient.
   */
  @Property({ type: 'string', length: 2000, nullable: true })
  notasPaciente: string | null = null;

  @Property({ type: 'smallint', nullable: true })
  edad: number | null = null;

  @Property({ type: 'date', nullable: true })
  fechaNacimiento: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  estadoCivil: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  profesionOcupacion: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  nivelEscolaridad: string | null = null;

  @Property({ type: 'boolean', nullable: true })
  haHechoTerapia: boolean | null = null;

  @Property({ type: 'boolean', nullable: true })
  haHechoPsicodelicos: boolean | null = null;

  @Property({ type: 'boolean', nullable: true })
  haHechoConstelaciones: boolean | null = null;

  @Property({ type: 'text', nullable: true })
  propuestaTerapia: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  tipoServicio: string | null = null;

  @Property({ type: 'boolean', default: false })
  whatsappMensajeriaConsentimiento: boolean = false;

  @Property({ type: 'date', nullable: true })
  fechaIngreso: string | null = null;

  @Property({ type: 'string', length: 20, default: 'activo' })
  estadoTerapia: string = 'activo';

  @Property({ type: 'text', nullable: true })
  notasTerapeuticas: string | null = null;

  @Property({ type: 'text', nullable: true })
  objetivosTerapia: string | null = null;

  @Property({ type: 'text', nullable: true })
  planTratamiento: string | null = null;

  /** Kept by the database (trigger sessions_patient_totals): the patient's sessions and their minutes. */
  @Property({ type: 'integer', default: 0 })
  totalSesiones: number = 0;

  @Property({ type: 'integer', default: 0 })
  totalTiempoMinutos: number = 0;

  /** When the patient last looked at their exercises ('Nuevo' marks what came after); null: never. */
  @Property({ type: 'timestamptz', nullable: true })
  ejerciciosVistosEn: Date | null = null;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  fechaCreacion: Date = new Date();
}
