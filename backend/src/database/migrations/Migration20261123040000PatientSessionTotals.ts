import { Migration } from '@mikro-orm/migrations';

/**
 * A patient's session count and minutes, kept on the patient by a trigger on `sessions` (declared on the Session
 * entity), so the patient list reads two columns instead of adding up every session of every patient per request.
 */
export class Migration20261123040000PatientSessionTotals extends Migration {
  override up(): void {
    this.addSql(`alter table "patients" add "total_sesiones" int not null default 0, add "total_tiempo_minutos" int not null default 0;`);
    this.addSql(
      `create or replace function "sessions_patient_totals_fn"() returns trigger as $$ begin if tg_op in ('UPDATE', 'DELETE') then update patients set total_sesiones = total_sesiones - 1, total_tiempo_minutos = total_tiempo_minutos - coalesce(old.duracion_minutos, 0) where id = old.patient_id; end if; if tg_op in ('INSERT', 'UPDATE') then update patients set total_sesiones = total_sesiones + 1, total_tiempo_minutos = total_tiempo_minutos + coalesce(new.duracion_minutos, 0) where id = new.patient_id; end if; return null; end; $$ language plpgsql;`,
    );
    this.addSql(
      `create trigger "patient_totals" AFTER INSERT OR UPDATE OR DELETE on "sessions" for each ROW execute function "sessions_patient_totals_fn"();`,
    );
    this.addSql(`update "patients" p set "total_sesiones" = s.n, "total_tiempo_minutos" = s.minutes
      from (select "patient_id", count(*)::int as n, coalesce(sum("duracion_minutos"), 0)::int as minutes from "sessions" group by "patient_id") s
      where s."patient_id" = p."id";`);
  }

  override down(): void {
    this.addSql(`drop trigger if exists "patient_totals" on "sessions";`);
    this.addSql(`drop function if exists "sessions_patient_totals_fn"();`);
    this.addSql(`alter table "patients" drop column "total_sesiones", drop column "total_tiempo_minutos";`);
  }
}
