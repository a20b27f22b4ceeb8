/** What a jsonb column holds: plain JSON, so a row reads back exactly as it was written. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

export type JsonObject = { readonly [key: string]: Json | undefined };

/** A value as it reads back from a jsonb column: plain JSON, undefined fields gone. */
export function asJson(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}

/**
 * A JSON column's value given as its text, made once by the caller (a game action's snapshot,
 * shared by the event rows of its facts): the row codec writes the text as it is
 * (database/row-codec.ts), and a write through TypeORM reads it back through `toJSON`.
 */
export class JsonText {
  constructor(readonly text: string) {}

  toJSON(): unknown {
    return JSON.parse(this.text);
  }
}
