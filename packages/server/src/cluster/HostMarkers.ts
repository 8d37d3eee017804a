import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Timing of {@link HostMarkers}. */
export interface HostMarkersOptions {
  /** How often a running portal refreshes its marker (ms, default 10000). */
  heartbeatMs?: number;
  /** A marker refreshed within this long counts as a live host (ms, default 30000). */
  liveMs?: number;
}

/** Another host's marker that is still fresh. */
export interface LiveHost {
  /** Its host name, as it wrote it. */
  host: string;
  /** How long before our own last beat it beat (ms, by the file server's clock). */
  lastSeenMsAgo: number;
}

/** Keeps `name` usable as a file name: host names are letters, digits, dots and dashes anyway. */
function fileNameOf(host: string): string {
  return `${host.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}

/**
 * One marker file per host in a shared folder (`<dataDir>/hosts/<hostname>.json`), refreshed by
 * every portal process of that host, so a process can tell whether portals on other hosts use the
 * same data folder. Ages are compared by the markers' modification times against our own marker's,
 * which the same file server set, so clocks of the hosts need not agree.
 */
export class HostMarkers {
  private readonly dir: string;
  private readonly file: string;
  private readonly heartbeatMs: number;
  private readonly liveMs: number;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    dataDir: string,
    /** This host's name. */
    readonly host: string,
    options: HostMarkersOptions = {},
  ) {
    this.dir = path.join(dataDir, 'hosts');
    this.file = path.join(this.dir, fileNameOf(host));
    this.heartbeatMs = options.heartbeatMs ?? 10_000;
    this.liveMs = options.liveMs ?? 30_000;
  }

  /** Writes (or refreshes) this host's marker; resolves to its modification time. */
  async beat(): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(
      this.file,
      JSON.stringify({ host: this.host, pid: process.pid, at: new Date().toISOString() }),
    );
    return (await stat(this.file)).mtimeMs;
  }

  /**
   * The other hosts whose marker is fresh: refreshed less than `liveMs` before ours. Beats first,
   * so the comparison uses a current time of the file server.
   */
  async otherLiveHosts(): Promise<LiveHost[]> {
    const ours = await this.beat();
    const live: LiveHost[] = [];
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith('.json') || name === path.basename(this.file)) continue;
      const info = await stat(path.join(this.dir, name)).catch(() => null);
      if (!info?.isFile()) continue;
      const age = ours - info.mtimeMs;
      if (age < this.liveMs) {
        live.push({ host: name.slice(0, -'.json'.length), lastSeenMsAgo: Math.max(0, age) });
      }
    }
    return live;
  }

  /** Refreshes the marker every `heartbeatMs` until `close`. */
  start(): void {
    this.timer = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs);
    this.timer.unref();
  }

  /** Stops refreshing; the marker ages out by itself (another process of this host may still run). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Deletes this host's marker (after refusing to start, so a retry elsewhere is not blocked). */
  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
