const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs: anything else is "not found" without asking the database. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
