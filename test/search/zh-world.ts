/**
 * A small hand-built Chinese world for the retrieval tests: pages written in Chinese (an encyclopedia,
 * news, a forum thread, a data page), written through the project's own writer (src/db/write.ts) with
 * a zh-CN theme, so its indexes use the Chinese tokenizer. The theme's tables stay empty: retrieval
 * reads pages, passages and their facts only.
 */
import { join } from 'node:path';
import { writeWorld } from '../../src/db/write.js';
import { getTheme } from '../../src/themes/registry.js';
import type { Document, Fact, PageKind, WorldData } from '../../src/world/types.js';
import { FORMAT_VERSION } from '../../src/world/types.js';
import { tempDir } from '../helpers.js';

interface PageSpec {
  slug: string;
  title: string;
  site: string;
  kind: PageKind;
  published: string | null;
  /** Sentences after the title, each with the facts (by key) it states. */
  lines: [string, ...string[]][];
}

/** Facts by key: [subject, predicate, object, object_type]. */
const FACTS: Record<string, [string, string, string, Fact['objectType']]> = {
  nx_hq: ['新星科技有限公司', 'headquarters', '临溪市', 'entity'],
  nx_ceo: ['新星科技有限公司', 'ceo', '周瑾', 'entity'],
  nx_rev: ['新星科技有限公司', 'revenue_cny', '120000000', 'integer'],
  x3_date: ['Nova X3', 'launch_date', '2029-03-04', 'date'],
  x3_price: ['Nova X3', 'launch_price_cny', '3999', 'integer'],
  x30_price: ['Nova X30', 'launch_price_cny', '2599', 'integer'],
  xc_rev: ['星辰集团', 'revenue_cny', '860000000', 'integer'],
  xc_chair: ['星辰集团', 'chair', '韩立', 'entity'],
  lx_pop: ['临溪市', 'population', '3200000', 'integer'],
  yz_hq: ['远舟通信集团', 'headquarters', '临溪市', 'entity'],
};

const LONG =
  '新星科技有限公司的历史可以追溯到2011年，创始团队最初在临溪市的一间小型工作室里研发蓝牙耳机和移动电源，' +
  '此后逐步进入智能手机、平板电脑与可穿戴设备市场。公司在2015年完成了第一轮融资，并在2018年建成了位于临溪市高新区的研发中心，' +
  '研发人员超过一千人。2020年以后，公司把重点转向中高端手机，先后推出了多个系列的产品，在华东地区的线下渠道覆盖了三百多个城市。' +
  '根据公司发布的年度报告，新星科技2029年的营收为1.2亿元，其中手机业务占比超过六成，平板和配件业务的占比分别约为两成和一成。';

export const ZH_PAGES: PageSpec[] = [
  {
    slug: '新星科技有限公司',
    title: '新星科技有限公司 - 星海百科',
    site: 'baike.xinghai.example',
    kind: 'encyclopedia',
    published: '2030-01-10',
    lines: [
      ['新星科技有限公司是一家总部位于临溪市的消费电子企业，成立于2011年。', 'nx_hq'],
      ['公司的首席执行官为周瑾。', 'nx_ceo'],
      [LONG, 'nx_rev'],
      ['新星旗下的主要产品包括Nova X3手机和星河平板。'],
    ],
  },
  {
    slug: 'Nova_X3',
    title: 'Nova X3 - 星海百科',
    site: 'baike.xinghai.example',
    kind: 'encyclopedia',
    published: null,
    lines: [
      ['Nova X3是新星科技于2029年3月4日发布的智能手机。', 'x3_date'],
      ['Nova X3的起售价为3999元。', 'x3_price'],
      ['该机搭载6.7英寸屏幕和5000毫安时电池。'],
    ],
  },
  {
    slug: '星辰集团',
    title: '星辰集团 - 星海百科',
    site: 'baike.xinghai.example',
    kind: 'encyclopedia',
    published: '2030-02-01',
    lines: [['星辰集团是一家总部位于云岭市的物流公司。'], ['星辰集团2029年的营收为8.6亿元。', 'xc_rev'], ['星辰集团的董事长是韩立。', 'xc_chair']],
  },
  {
    slug: 'news-nova-x30',
    title: '新星科技发布Nova X30平板 - 临溪日报',
    site: 'news.linxi-daily.example',
    kind: 'news',
    published: '2029-09-12',
    lines: [['新星科技今日在临溪市发布了Nova X30平板电脑，售价2599元。', 'x30_price'], ['发布会上，公司还展示了新的快充技术。']],
  },
  {
    slug: '临溪市',
    title: '临溪市 - 星海百科',
    site: 'baike.xinghai.example',
    kind: 'encyclopedia',
    published: null,
    lines: [
      ['临溪市是一座位于江南的地级市，人口约为320万。', 'lx_pop'],
      ['临溪市是新星科技有限公司和远舟通信集团的总部所在地。', 'nx_hq', 'yz_hq'],
    ],
  },
  {
    slug: 'forum-nova',
    title: '新星的手机好用吗？ - 星海论坛',
    site: 'bbs.xinghai.example',
    kind: 'forum',
    published: '2029-11-02',
    lines: [['请问新星的手机好用吗？'], ['我用Nova X3半年了，续航不错，就是相机一般。']],
  },
  {
    slug: '2029-revenue',
    title: '2029年企业营收排行 - 数据中心',
    site: 'data.shuju.example',
    kind: 'data',
    published: '2030-03-15',
    lines: [['| 企业 | 2029年营收 |'], ['| 新星科技有限公司 | 1.2亿元 |', 'nx_rev'], ['| 星辰集团 | 8.6亿元 |', 'xc_rev'], ['| 远舟通信集团 | 5.1亿元 |']],
  },
  {
    slug: '远舟通信集团',
    title: '远舟通信集团 - 星海百科',
    site: 'baike.xinghai.example',
    kind: 'encyclopedia',
    published: null,
    lines: [['远舟通信集团是一家电信设备公司。'], ['远舟通信的总部位于临溪市。', 'yz_hq']],
  },
];

/** The fixture's WorldData: pages and facts as above, no tasks. */
export function zhWorldData(): WorldData {
  const keys = Object.keys(FACTS);
  const factId = (k: string) => keys.indexOf(k) + 1;
  const facts: Fact[] = keys.map((k, i) => {
    const [subject, predicate, object, objectType] = FACTS[k]!;
    return { id: i + 1, subject, predicate, object, objectType, sourceTable: 'brands', sourceRowid: i + 1, sourceColumn: predicate };
  });
  let passageId = 0;
  const documents: Document[] = ZH_PAGES.map((p, i) => {
    const id = i + 1;
    const texts: [string, ...string[]][] = [[p.title.split(' - ')[0]!], ...p.lines];
    const passages = texts.map(([text, ...factKeys], ord) => {
      const factIds = factKeys.map(factId);
      return { id: ++passageId, documentId: id, ord, text, factIds, claims: [] };
    });
    const body = [`# ${p.title.split(' - ')[0]}`, ...p.lines.map((l) => l[0])].join('\n\n');
    return { id, url: `https://${p.site}/${encodeURIComponent(p.slug)}`, title: p.title, site: p.site, published: p.published, kind: p.kind, body, passages };
  });
  const theme = { ...getTheme('smartphones'), locale: 'zh-CN' as const };
  return {
    meta: {
      format_version: FORMAT_VERSION,
      world_id: 'w99-000001',
      theme: 'smartphones',
      seed: 99,
      index: 1,
      generator_version: 'test',
      reference_date: '2030-06-01',
      fact_count: facts.length,
      real_brands: false,
    },
    theme,
    rows: {},
    facts,
    documents,
    tasks: [],
  };
}

let written: string | undefined;
/** The fixture written once per test file; its path. */
export function zhWorldPath(): string {
  if (written) return written;
  const path = join(tempDir('fw-zh-world-'), 'w99-000001.sqlite');
  writeWorld(path, zhWorldData());
  written = path;
  return path;
}

/** The URL of a fixture page by its slug. */
export function zhUrl(slug: string): string {
  const p = ZH_PAGES.find((x) => x.slug === slug);
  if (!p) throw new Error(`no fixture page ${slug}`);
  return `https://${p.site}/${encodeURIComponent(p.slug)}`;
}
