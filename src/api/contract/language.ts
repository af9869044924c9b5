/**
 * Names in the console's language: an English name or label where one is given.
 * Shared by the console and the reference server (docs/architecture.md "Layout").
 */

/** A role's or entry's name in the console's language: its English name where it has one. */
export const localName = (x: { name: string; nameEn?: string }, english: boolean): string => (english && x.nameEn?.trim()) || x.name;

/** An option's, a dictionary table's or a field's label in the console's language: its English where it has one. */
export const localLabel = (x: { label: string; labelEn?: string }, english: boolean): string => (english && x.labelEn?.trim()) || x.label;
