/**
 * A site's own notices: the licence line under an article, a data desk's note on method, a register's
 * filing apparatus. Each site draws its wording once, from its own seed, out of parts that read as one
 * sentence together, and repeats it on every page as real sites do; two sites rarely word them alike.
 * No notice carries a number, a date of the world or a value.
 */
import type { Rng } from '../../rng.js';

export interface HouseNotes {
  /** After "Last edited <date>." on an encyclopedia article. */
  licence: string;
  /** A data page's note on where its figures come from and how they are shown. */
  method: string;
  /** A data page's credit line, "{site}" and "{date}" to fill (the page's own date). */
  credit: string;
  /** How a ranking orders ties. */
  ties: string;
  /** A FAQ's pointer to the subject's article, "{link}" to fill. */
  seeArticle: string;
  /** A register's filing details and notes (registry.ts). */
  register: {
    intro: string;
    filedBy: string;
    access: string;
    previousNames: string;
    objections: string;
    notListed: string;
    superseded: string;
    /** Follows "Retrieved from the register on <date>." */
    copies: string;
    /** The status history's confirmation line, "{date}" to fill. */
    confirmed: string;
  };
}

const LICENCE = {
  text: [
    'Text is available under',
    'The text of this article is available under',
    'Article text is shared under',
    'Written content here is published under',
    'This article is released under',
  ],
  licence: ['an open licence', 'a free content licence', 'an open attribution licence', 'a share-alike licence', 'a permissive reuse licence'],
  extra: [
    '',
    '; additional terms might apply to images',
    '; reuse is welcome with credit',
    '; see the site terms for details',
    '; contributors keep the credit for their edits',
  ],
  people: [
    'Content is contributed by volunteers and reviewed by editors.',
    'Articles are written and checked by volunteer editors.',
    'Anyone can edit this article; changes are reviewed by other contributors.',
    'This article is maintained by a community of volunteer editors.',
    'Edits are checked by experienced contributors before they stay.',
    '',
  ],
};

const METHOD = {
  head: ['Notes:', 'Methodology:', 'About this table:', 'About the data:', 'Sources and method:', 'How this table is compiled:'],
  source: [
    'figures are taken from statements and filings of the organisations concerned',
    'entries are compiled from public records and official releases',
    'values are checked against a primary source before they are added',
    'values come from published reports and official registers',
    'values are gathered by the data desk from the body that reports them',
    'rows are drawn from disclosures, filings and press statements',
  ],
  shown: [
    'and are shown as reported, without adjustment for inflation or currency.',
    'and are not revised after publication here.',
    'and appear exactly as the source gives them.',
    'and are not rounded or converted.',
    'and are kept as originally published unless the source corrects them.',
  ],
  after: [
    'A dash marks a value that was not disclosed.',
    'Corrections can be sent to the data desk; the table is reissued when a source changes.',
    'Where sources disagree, the more recent official figure is used.',
    'Blank or dashed cells mean no figure was published.',
    'Readers who spot an error can write to the editors.',
    '',
  ],
};

/** A data page's credit lines, "{site}" and "{date}" to fill. */
export const CREDIT = [
  'Compiled by {site}. Last updated {date}.',
  'Compiled by {site}; last updated {date}.',
  'Prepared by the {site} data team. Last revised {date}.',
  'Source: {site} data desk. Updated {date}.',
  'Table maintained by {site}, updated {date}.',
  'Data compiled by {site}. This version: {date}.',
];

/** Rankings list equal values in the order their rows were recorded (data.ts); each wording says so. */
const TIES = [
  'Ties are ordered by the order of publication.',
  'Where values are equal, the entry reported earlier is listed higher.',
  'Tied entries are shown in the order they were originally reported.',
  'Equal values are listed in the order the records were added.',
];

const SEE_ARTICLE = [
  'See the article {link}.',
  'The full article on {link} has more.',
  'More detail is in the article {link}.',
  'Our encyclopedia entry, {link}, covers the rest.',
  'Read the main article: {link}.',
];

const REGISTER = {
  intro: [
    (s: string) => `The particulars below are as registered with the ${s}.`,
    (s: string) => `These are the particulars held on file by the ${s}.`,
    (s: string) => `The record below reproduces the particulars lodged with the ${s}.`,
    (s: string) => `What follows is the registered entry as kept by the ${s}.`,
  ],
  unverified: [
    'Entries are made by the registrant and are not verified by the office.',
    'The office records what is filed and does not check it.',
    'Particulars are supplied by the registrant; the office does not vouch for them.',
    'The register takes entries as filed, without independent checks.',
  ],
  filer: ['Filed by', 'Lodged by', 'Submitted by', 'Entered by'],
  party: ['the registrant', 'the registered party', 'the entity itself', 'an authorised officer of the registrant'],
  form: ['on the prescribed particulars form', 'through the online filing service', 'on the standard return', 'in writing to the office'],
  access: [
    'Access: public record, open to inspection',
    'Access: open to public inspection',
    'Inspection: available to the public on request',
    'Availability: public register entry',
    'Access: public, free of charge to view',
  ],
  previous: ['Previous names: none recorded', 'Former names: none on file', 'Earlier names: none registered', 'Name history: no changes recorded'],
  objections: [
    'Objections or notices on file: none',
    'Notices lodged against this entry: none',
    'Objections recorded: none',
    'Caveats and notices: none on file',
  ],
  notListed: [
    'A particular not listed above has not been filed with the office.',
    'Anything not shown here has not been registered.',
    'The register holds no particulars beyond those listed.',
    'Particulars missing from this entry were never filed.',
  ],
  superseded: [
    'Superseded particulars stay on the record and can be requested with its filing reference.',
    'Earlier versions of the entry are kept and can be requested by filing reference.',
    'Replaced particulars remain on file and are available from the office on request.',
    'The office keeps the history of every entry; quote the filing reference to obtain it.',
  ],
  confirmed: [
    '{date}: particulars confirmed; status active',
    '{date}: entry confirmed by the registrant; active',
    '{date}: particulars reviewed, no change; status active',
    '{date}: confirmation received; entry remains active',
  ],
  copies: [
    'Copies of filed documents can be requested from the office.',
    'Certified copies are available from the office for a fee.',
    'Filed documents can be ordered through the office.',
    'Paper copies of the filing can be requested in writing.',
  ],
};

/** A notice with its "{name}" slots filled. */
export function fillNote(note: string, slots: Record<string, string>): string {
  return note.replace(/\{(\w+)\}/g, (m, k: string) => slots[k] ?? m);
}

const join = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** The notices of one site, drawn from `rng` (the site's own fork) and its name. */
export function drawHouseNotes(rng: Rng, siteName: string): HouseNotes {
  const r = REGISTER;
  return {
    licence: join(`${rng.pick(LICENCE.text)} ${rng.pick(LICENCE.licence)}${rng.pick(LICENCE.extra)}.`, rng.pick(LICENCE.people)),
    method: join(rng.pick(METHOD.head), `${rng.pick(METHOD.source)} ${rng.pick(METHOD.shown)}`, rng.pick(METHOD.after)),
    credit: rng.pick(CREDIT),
    ties: rng.pick(TIES),
    seeArticle: rng.pick(SEE_ARTICLE),
    register: {
      intro: join(rng.pick(r.intro)(siteName), rng.pick(r.unverified)),
      filedBy: `${rng.pick(r.filer)}: ${rng.pick(r.party)}, ${rng.pick(r.form)}`,
      access: rng.pick(r.access),
      previousNames: rng.pick(r.previous),
      objections: rng.pick(r.objections),
      notListed: rng.pick(r.notListed),
      superseded: rng.pick(r.superseded),
      copies: rng.pick(r.copies),
      confirmed: rng.pick(r.confirmed),
    },
  };
}
