/** A locale's naming data, validated once when first asked for. Adding a locale is adding a data file here. */
import type { Locale } from '../themes/spec/parts.js';
import { EN } from './data/en.js';
import { LocaleNames } from './data/schema.js';
import { ZH_CN } from './data/zh-CN.js';

const FILES: Partial<Record<Locale, LocaleNames>> = { en: EN, 'zh-CN': ZH_CN };
const loaded = new Map<Locale, LocaleNames>();

export function localeNames(locale: Locale): LocaleNames {
  const hit = loaded.get(locale);
  if (hit) return hit;
  const file = FILES[locale];
  if (!file) throw new Error(`names: locale '${locale}' is not supported yet (add src/names/data/${locale}.ts)`);
  const data = LocaleNames.parse(file);
  loaded.set(locale, data);
  return data;
}
