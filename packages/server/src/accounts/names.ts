/**
 * A name as compared for uniqueness among accounts: Unicode compatibility-normalised (NFKC, so
 * full-width and ligature forms match their plain letters) and case-folded (upper then lower case,
 * which folds ß to ss and final sigma to sigma as full case folding does), then normalised again.
 * "Zoë", "ZOË" and "Ｚｏë" are one name.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
