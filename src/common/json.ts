/** What a jsonb column holds: plain JSON, so a row reads back exactly as it was written. */
export type Json = string | number | boolean | null | readonly Json[] | { readonly [key: string]: Json | undefined };

export type JsonObject = { readonly [key: string]: Json | undefined };

/** A value as it reads back from a jsonb column: plain JSON, undefined fields gone. */
export function asJson(value: object): JsonObject {
  return JSON.parse(JSON.stringify(value)) as JsonObject;
}
