/** An error the daemon answers with the contract's Error shape ({code, message, details}). */
export class DaemonError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> | null = null,
  ) {
    super(message);
  }

  get body(): { code: string; message: string; details: Record<string, unknown> | null } {
    return { code: this.code, message: this.message, details: this.details };
  }
}

export const notFound = (what: string, id: string) => new DaemonError(404, 'not_found', `No ${what} "${id}".`, { [what]: id });
