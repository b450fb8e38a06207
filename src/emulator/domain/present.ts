/** A stored document's public fields: the stored-only ones start with `_`, and `drop` names more to leave out. */
export type Public<T, Drop extends string = never> = {
  [K in keyof T as K extends `_${string}` | Drop ? never : K]: T[K];
};

/** The document without its stored-only fields (and those named in `drop`), keys in their stored order. */
export function publicFields<T extends object, const Drop extends string = never>(doc: T, drop: readonly Drop[] = []): Public<T, Drop> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) if (!key.startsWith('_') && !(drop as readonly string[]).includes(key)) out[key] = value;
  // The loop keeps exactly the keys Public<T, Drop> keeps; the compiler cannot follow Object.entries.
  return out as Public<T, Drop>;
}
