import { SEARCH_INDEX_TABLES } from '../search/search-index.sql';

/** Which migrations ran: bookkeeping a restore writes itself (an archive naming it could mark migrations as applied). */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** Present only while a restore has not finished (restore-marker.ts): never the practice's data. */
export const RESTORE_MARKER_TABLE = 'restore_in_progress';

/** Tables derived from others, which a restored installation rebuilds itself: never in an archive. */
export const DERIVED_TABLES: ReadonlySet<string> = new Set(SEARCH_INDEX_TABLES);
