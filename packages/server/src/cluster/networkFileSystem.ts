/**
 * Linux file system magic numbers (statfs f_type, see statfs(2)) of file systems served over a
 * network or shared between hosts, where SQLite's locking and write-ahead log do not work.
 * FUSE (0x65735546) is left out on purpose: it also carries local file systems (virtiofs in VMs,
 * Docker Desktop bind mounts); the host markers catch a FUSE folder shared by several hosts.
 */
export const NETWORK_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x6969, 'NFS'],
  [0x517b, 'SMB'],
  [0xff534d42, 'CIFS/SMB'],
  [0xfe534d42, 'SMB2/3'],
  [0x01021997, '9p'],
  [0x00c36400, 'CephFS'],
  [0x5346414f, 'AFS'],
  [0x6b414653, 'kAFS'],
  [0x73757245, 'Coda'],
  [0x0000564c, 'NCP'],
  [0x0bd00bd0, 'Lustre'],
  [0x47504653, 'GPFS'],
  [0x7461636f, 'OCFS2'],
  [0x01161970, 'GFS2'],
]);

/**
 * The name of the network file system whose statfs type is `type`, or null for a local one (or
 * one we cannot tell). Accepts the value as Node's `fs.statfs` gives it (number or bigint).
 */
export function networkFileSystemName(type: number | bigint): string | null {
  const magic = Number(BigInt.asUintN(32, BigInt(type)));
  return NETWORK_FILE_SYSTEMS.get(magic) ?? null;
}
