import { OptionalProps, PrimaryKeyProp } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Patient } from '../../patients/entities/patient.entity';
import { Exercise } from './exercise.entity';
import { TherapyModule } from './therapy-module.entity';

/** An exercise inside a module, at its place (`orden` from 1). */
@Entity({ tableName: 'module_exercises' })
@Index({ name: 'module_exercises_exercise_idx', properties: ['exercise'] })
export class ModuleExercise {
  [PrimaryKeyProp]?: ['module', 'exercise'];

  @ManyToOne({ entity: () => TherapyModule, primary: true, deleteRule: 'cascade' })
  module: TherapyModule;

  @ManyToOne({ entity: () => Exercise, primary: true, deleteRule: 'cascade' })
  exercise: Exercise;

  @Property({ type: 'integer' })
  orden: number;
}

/** An exercise assigned to a patient on its own ('individual'). */
@Entity({ tableName: 'patient_exercises' })
@Index({ name: 'patient_exercises_exercise_idx', properties: ['exercise'] })
export class PatientExercise {
  [PrimaryKeyProp]?: ['patient', 'exercise'];
  [OptionalProps]?: 'asignadoEn';

  @ManyToOne({ entity: () => Patient, primary: true, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => Exercise, primary: true, deleteRule: 'cascade' })
  exercise: Exercise;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  asignadoEn: Date = new Date();
}

/** A module assigned to a patient: every exercise of the module is on the patient's list ('module'). */
@Entity({ tableName: 'patient_modules' })
@Index({ name: 'patient_modules_module_idx', properties: ['module'] })
export class PatientModule {
  [PrimaryKeyProp]?: ['patient', 'module'];
  [OptionalProps]?: 'asignadoEn';

  @ManyToOne({ entity: () => Patient, primary: true, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => TherapyModule, primary: true, deleteRule: 'cascade' })
  module: TherapyModule;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  asignadoEn: Date = new Date();
}

/**
 * A patient's completion of an exercise: once per exercise, whatever brings it. The time is the
 * server's. The row goes when the exercise leaves the patient's list (unassigned), so a new assignment starts
 * pending.
 */
@Entity({ tableName: 'exercise_completions' })
@Index({ name: 'exercise_completions_exercise_idx', properties: ['exercise'] })
export class ExerciseCompletion {
  [PrimaryKeyProp]?: ['patient', 'exercise'];
  [OptionalProps]?: 'completadoEn' | 'notasPaciente';

  @ManyToOne({ entity: () => Patient, primary: true, deleteRule: 'cascade' })
  patient: Patient;

  @ManyToOne({ entity: () => Exercise, primary: true, deleteRule: 'cascade' })
  exercise: Exercise;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  completadoEn: Date = new Date();

  @Property({ type: 'text', nullable: true })
  notasPaciente: string | null = null;
}
