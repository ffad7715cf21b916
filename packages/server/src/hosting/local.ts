import type { Elsewhere } from '../players.js';
import type { HostingPort, TableHosting } from './hosting.js';

const NOBODY: Elsewhere = { online: () => false, players: () => [] };

/** A lone server: every table is hosted here, written unfenced; nobody is connected elsewhere. */
export class LocalHosting implements TableHosting {
  readonly elsewhere = NOBODY;
  readonly loadsOnDemand = true;

  constructor(private readonly port: HostingPort) {}

  start(): Promise<void> { return this.port.hostAll(); }
  async stop(): Promise<void> {}
  async claim(): Promise<undefined> { return undefined; }
  release(): void {}
  lost(tableId: string): void {
    this.port.log.error({ table: tableId }, 'a table lost a lease it never had; it stays');
  }
  async take(): Promise<boolean> { return false; }
  left(): void {}
  async forward(): Promise<boolean> { return false; }
  others(): [] { return []; }
  changed(): void {}
  announce(): void {}
  sessionsEnded(): void {}
  vacationChanged(): void {}
  moderated(): void {}
  readiness() { return { problems: [], about: {} }; }
  attach(): void {}
  detach(): void {}
}
