// Placeholder: filled in by the foundation work (one defineOperation entry per contract operation).
export const openapi = {} as const;
