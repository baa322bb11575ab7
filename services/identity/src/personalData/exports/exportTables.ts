import type { ColumnType, JSONColumnType } from 'kysely';

/** Identity's tables of people's data exports. */
export interface PersonalDataExportTables {
  /** One row per export asked for: the projection of its stream. */
  person_exports: { id: string; person_id: string; requested_at: Date };
  /** Each service's part of an export, kept outside events until the export expires. */
  person_export_parts: {
    export_id: string;
    service: string;
    part: JSONColumnType<Record<string, unknown>>;
    received_at: ColumnType<Date, Date | undefined, Date>;
  };
}
