import { localName } from '@/api/contract/language.ts';

/** A node of the menu catalogue as the trees of the platform's pages show it. */
interface Named<N> {
  name: string;
  nameEn: string;
  wrapper: boolean;
  children: readonly N[];
}

/**
 * The menu catalogue with each entry named in the console's language: its English name where it has one (issue 45:
 * the tenant-pages and interface trees said 工作台 in English); an unnamed wrapper is `home`.
 * @example catalogueTree(catalogueInLanguage(catalogue, language === 'en', t('homeEntry')), …)
 */
export function catalogueInLanguage<N extends Named<N>>(nodes: readonly N[], english: boolean, home: string): N[] {
  return nodes.map((n) => ({
    ...n,
    name: localName(n, english) || (n.wrapper ? home : ''),
    children: catalogueInLanguage(n.children, english, home),
  }));
}
