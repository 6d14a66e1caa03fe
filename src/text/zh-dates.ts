/**
 * Chinese date forms, as patterns for the one reader of dates (dates.ts), on folded text: "2029年3月4日"
 * (also "2029年03月04日", "2029 年 3 月 4 日", "2029年3月4号") and in numerals "二〇二九年三月四日";
 * "2029年3月" is a month and year (partial). A year alone ("2029年") is no date, as "2029" is not, and a
 * day without its year ("3月4日", "三月四日") is none, as "March 4" is not: their numbers are read as
 * numbers. The year, month and day groups are read by zhInteger (zh-numbers.ts).
 */

/** Four digits, or four numerals written one by one ("二〇二九"), not inside a longer number. */
const YEAR = String.raw`(?<![\p{N}〇零一二三四五六七八九])(?<year>\d{4}|[〇零一二三四五六七八九]{4})\s?年\s?`;
const MONTH = String.raw`(?<mm>\d{1,2}|十[一二]?|[一二三四五六七八九])\s?月`;
const DAY = String.raw`\s?(?<dd>\d{1,2}|[二三]?十[一二三四五六七八九]?|[一二三四五六七八九])\s?[日号號]`;

/** A full date: year, month and day. */
export const ZH_DATE_SOURCE = `${YEAR}${MONTH}${DAY}`;
/** A month and year, not the start of a full date (an impossible one, "2029年2月30日", is none). */
export const ZH_MONTH_SOURCE = `${YEAR}${MONTH}(?!${DAY})`;

/** Every Chinese date has a year and a month: a text without both characters has none. */
export function mayHaveZhDate(folded: string): boolean {
  return folded.includes('年') && folded.includes('月');
}
