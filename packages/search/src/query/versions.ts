/**
 * Compares two version labels, newest last: numbers compare as numbers (`6.10` > `6.5`,
 * `6_5` = `6.5`), text parts as text, and a label without any digit (`current`, `latest`)
 * counts as newer than every numbered one.
 */
export function compareVersions(a: string, b: string): number {
  const hasDigitsA = /\d/.test(a);
  const hasDigitsB = /\d/.test(b);
  if (hasDigitsA !== hasDigitsB) return hasDigitsA ? -1 : 1;
  const partsA = a.toLowerCase().match(/\d+|[^\d\W_]+/g) ?? [];
  const partsB = b.toLowerCase().match(/\d+|[^\d\W_]+/g) ?? [];
  for (let i = 0; i < Math.max(partsA.length, partsB.length); i++) {
    const x = partsA[i];
    const y = partsB[i];
    if (x === undefined || y === undefined) {
      // 6.5.1 is newer than 6.5, but 6.5 is newer than 6.5-beta.
      const extra = (x ?? y) as string;
      const extraIsNumber = /^\d+$/.test(extra);
      return (x === undefined) === extraIsNumber ? -1 : 1;
    }
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny) {
      const diff = Number(x) - Number(y);
      if (diff !== 0) return diff;
    } else if (nx !== ny) {
      // 6.5 is newer than 6.5-beta: a number beats a pre-release word.
      return nx ? 1 : -1;
    } else if (x !== y) {
      return x < y ? -1 : 1;
    }
  }
  return 0;
}

/**
 * Key of the version group of a doc set: doc sets with equal keys are versions of one another
 * (the same page path in them is the same page). Their `versionGroup` when set, else their product
 * and doc type (a product's user guide and its runbooks are not versions of each other).
 */
export function versionGroupKey(docSet: {
  product: string;
  docType: string;
  versionGroup?: string | undefined;
}): string {
  return docSet.versionGroup !== undefined
    ? `g\u0000${docSet.versionGroup}`
    : `p\u0000${docSet.product}\u0000${docSet.docType}`;
}
