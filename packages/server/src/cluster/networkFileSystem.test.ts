import { describe, expect, it } from 'vitest';
import { networkFileSystemName } from './networkFileSystem';

describe('telling a network file system from its statfs type', () => {
  it.each([
    [0x6969, 'NFS'],
    [0xff534d42, 'CIFS/SMB'],
    [0xfe534d42, 'SMB2/3'],
    [0x517b, 'SMB'],
    [0x01021997, '9p'],
    [0x00c36400, 'CephFS'],
    [0x47504653, 'GPFS'],
  ])('names statfs type %i as %s', (type, name) => {
    expect(networkFileSystemName(type)).toBe(name);
  });

  it.each([
    ['ext4', 0xef53],
    ['xfs', 0x58465342],
    ['btrfs', 0x9123683e],
    ['tmpfs', 0x01021994],
    ['overlayfs', 0x794c7630],
    ['FUSE (also local virtiofs)', 0x65735546],
  ])('treats %s as local', (_name, type) => {
    expect(networkFileSystemName(type)).toBeNull();
  });

  it('accepts the type as a bigint or a sign-extended number', () => {
    expect(networkFileSystemName(0x6969n)).toBe('NFS');
    expect(networkFileSystemName(0xff534d42 | 0)).toBe('CIFS/SMB');
  });
});
