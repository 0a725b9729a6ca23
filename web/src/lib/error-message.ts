/** The text of a caught failure: an Error's message, else the value as text (for a failure shown or logged). */
export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
