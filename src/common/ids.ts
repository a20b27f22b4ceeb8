// Ids are UUIDs: a text that is not one names nothing, and is answered without asking the
// database (where comparing it with a uuid column would raise, not answer).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (any version, either case). */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
