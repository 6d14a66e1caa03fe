/**
 * Chinese (zh-CN) naming data: lists and morphemes only (src/names/data/schema.ts says what each field
 * is). Family names, given names by gender, real cities and provinces and common words come from
 * faker's zh_CN locale; the morphemes (brand characters, industry words, place characters, drug
 * syllables) and the deny lists of real companies, cities and people are written here. Names are
 * written without spaces, the family name first (script 'han').
 */
// The locale by its own entry point (the package's main entry loads every locale).
import { faker as fakerZh } from '@faker-js/faker/locale/zh_CN';
import type { LocaleNames } from './schema.js';

const zh = fakerZh.rawDefinitions;
const chars = (s: string): string[] => [...s.replace(/\s+/g, '')];
const words = (s: string): string[] => s.trim().split(/\s+/);

/** Only the Han entries of a faker list (the zh_CN entry point falls back to English for some lists). */
const han = (xs: readonly string[] | null | undefined): string[] => (xs ?? []).filter((x) => /^\p{Script=Han}+$/u.test(x));

const SURNAMES = han(zh.person!.last_name!.generic);
const FEMALE = han(zh.person!.first_name!.female);
const MALE = han(zh.person!.first_name!.male);

/** Character frequencies of real Chinese names (faker's family and given names): what invented names are measured against. */
function nameCharacters(names: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const name of names) for (const ch of name) counts[ch] = (counts[ch] ?? 0) + 1;
  return counts;
}

/** Titles, forms of address and kinship words that are never a given name. */
const DENY_FIRST = words(`
  先生 女士 小姐 太太 夫人 老师 同学 师傅 经理 总裁 总监 董事 主任 书记 主席 部长 局长 处长 科长 校长 院长 教授 博士 医生
  护士 律师 警官 将军 司令 老板 老爷 少爷 公子 阿姨 叔叔 伯伯 舅舅 爷爷 奶奶 姥姥 外婆 哥哥 姐姐 弟弟 妹妹 宝宝 儿子 女儿
`);

/** Well-known people a drawn name must never be (founders, athletes, artists, writers, leaders). */
const REAL_PEOPLE = words(`
  马云 马化腾 李彦宏 雷军 任正非 刘强东 王健林 张一鸣 丁磊 黄峥 王兴 曹德旺 宗庆后 董明珠 李嘉诚 许家印 何享健 王传福
  李书福 周鸿祎 柳传志 张瑞敏 王石 潘石屹 俞敏洪 程维 李斌 何小鹏 李想 曾毓群 汪滔 梁建章 沈南鹏 张勇 陈天桥 史玉柱
  刘慈欣 莫言 余华 巴金 鲁迅 老舍 姚明 刘翔 李娜 郎平 林丹 孙杨 易建联 成龙 周杰伦 刘德华 张学友 王菲 章子怡 巩俐
  张艺谋 陈凯歌 冯小刚 李连杰 赵薇 范冰冰 黄渤 邓超 杨幂 刘亦菲 毛泽东 邓小平 习近平 江泽民 胡锦涛 李克强 周恩来
  孙中山 蒋介石 温家宝 朱镕基 李鹏 刘少奇 王伟 李强 张伟 王芳 李娜 刘洋 杨利伟 袁隆平 屠呦呦 钱学森 杨振宁
`);

/** Given names that are also common words (伟, 丽, 红): Chinese given names often are, so every listed one is kept. */
const GIVEN_WORDS = [...FEMALE, ...MALE];

/** Words a brand root must not be (it would read as a word, or as the state): faker's word lists and these. */
const COMMON_WORDS = [
  ...han(Object.values(zh.word ?? {}).flat() as string[]),
  ...words(`
  中国 中华 国家 全国 人民 国际 世界 亚洲 东方 西方 南方 北方 中央 政府 公司 集团 企业 银行 大学 学院 医院 科技 网络
  电子 信息 技术 发展 建设 工业 农业 商业 文化 教育 体育 艺术 新闻 社会 经济 市场 天下 天地 天空 星星 月亮 太阳 山水
  江山 银河 未来 明天 今天 时代 希望 和平 自由 民主 光明 幸福 安全 健康 美丽 快乐 成功 胜利 第一 一流 万家 千家 百姓
`),
];

/** First characters of invented brand roots: characters Chinese company names favour. */
const ROOT_HEADS = chars(`
  星辰恒瑞嘉博安泰德信宏盛远鼎晟凯汇融创智睿启昊峰泽润丰锦澜岳航鸿景宸泓晖锐迅捷维拓易佳诚卓越骏驰
  弘毅朗逸翰墨灵犀璞琢铭晋谦煜烨炫熠昕旭曜瀚浩沛淳湛澄霖霆曦朔麒麟
`);
/** A middle character for a three-character root. */
const ROOT_MIDDLES = chars('华瑞嘉信达联通宇泰元');
/** Second characters of invented brand roots. */
const ROOT_TAILS = chars(`
  达通信成兴远辉耀航鸿图景宸泓岳澜晖锐迅捷维奥拓易佳源汇联睿智安盛泰诚力能宇川峰帆舟光明森芯擎策
  纳科讯合欣悦瑾璟琪祥福康隆顺昌晟煊炜铠钧铎
`);
/** A compound root is two nature words: 青山, 蓝湾, 金桥. */
const COMPOUND_FIRST = chars('青蓝白金银紫云松竹梅兰高远碧翠赤玄');
const COMPOUND_SECOND = chars('川河岳峰岭湾港桥门原野林石泉溪洲岛舟帆谷');

/** Industry words a company name carries before its legal form (新星 + 科技 + 有限公司). */
const INDUSTRIES = words(`
  科技 网络科技 信息技术 电子 智能 新能源 生物科技 医药 制药 物流 传媒 文化 实业 投资 控股 电器 汽车 航空 通信 软件 数码
  材料 化工 环保 食品 农业 建设 置业 能源 电力 贸易 半导体
`);
const LEGAL_FORMS = words('有限公司 有限公司 股份有限公司 集团 集团有限公司');
const COMPANY_SUFFIXES = INDUSTRIES.flatMap((i) => LEGAL_FORMS.map((f) => `${i}${f}`));

/** First and second characters of invented place names (临川, 云溪). */
const PLACE_HEADS = chars(`
  临云青平永清宁福江河湖石金玉桂兴龙凤丰泰德嘉宜鹤鹿松柳桃梅白红黄晴雁栖霞澄枫槐杉榆岚汀沐
`);
const PLACE_TAILS = chars(`
  川溪阳山江河城州安宁平源泉林桥港湾口庄岭峰湖谷田坪坝塘浦沙亭门丰昌兴隆渡滨屿洲
`);

/** Well-known Chinese companies and brands: never an invented name or root. */
const REAL_COMPANIES = words(`
  华为 阿里巴巴 阿里 腾讯 百度 小米 京东 美团 字节跳动 字节 抖音 快手 比亚迪 联想 中兴 海尔 格力 美的 茅台 五粮液 万科 吉利
  长城 蔚来 小鹏 理想 大疆 网易 拼多多 携程 滴滴 海康威视 宁德时代 中芯国际 中国移动 中国电信 中国联通 中石油 中石化 中海油
  中国银行 工商银行 建设银行 农业银行 招商银行 交通银行 平安 中国平安 中国人寿 太平洋 人保 中信 光大 华夏 民生 兴业 浦发
  苏宁 国美 海信 长虹 创维 康佳 TCL OPPO vivo 一加 魅族 荣耀 真我 酷派 金立 努比亚 中兴通讯 紫光 展锐 寒武纪 商汤 旷视
  科大讯飞 讯飞 金山 搜狐 新浪 微博 爱奇艺 优酷 哔哩哔哩 同花顺 东方财富 顺丰 中通 圆通 申通 韵达 菜鸟 饿了么 盒马
  伊利 蒙牛 娃哈哈 农夫山泉 康师傅 统一 青岛啤酒 燕京 雪花 汇源 王老吉 加多宝 李宁 安踏 特步 361度 波司登 海澜之家
  上汽 一汽 东风 广汽 长安 北汽 奇瑞 江淮 红旗 五菱 宝骏 传祺 哈弗 领克 极氪 问界 岚图 零跑 哪吒 埃安 宇通 三一 中联
  徐工 中车 中航 中船 航天科技 商飞 国航 东航 南航 海航 春秋 吉祥 厦航 川航 深航 恒大 碧桂园 融创 保利 绿地 龙湖 华润
  复星 恒瑞 药明康德 云南白药 同仁堂 片仔癀 白云山 华东医药 石药 齐鲁 正大天晴 信达 百济神州 君实 迈瑞 鱼跃 国药
  中粮 中化 宝武 鞍钢 首钢 中铝 紫金 神华 国电 华能 大唐 华电 三峡 国家电网 南方电网 中广核 隆基 通威 阳光电源 天合
  晶科 晶澳 正泰 德力西 欧普 公牛 九阳 苏泊尔 老板 方太 万和 华帝 格兰仕 小天鹅 志高 奥克斯 新飞 澳柯玛 喜马拉雅
  知乎 豆瓣 贝壳 链家 安居客 58同城 猎聘 智联 前程无忧 唯品会 当当 蘑菇街 得物 小红书 微信 支付宝 淘宝 天猫 钉钉
  飞书 企鹅 人人 猎豹 奇虎 三六零 瑞幸 喜茶 奈雪 蜜雪冰城 海底捞 全聚德 狗不理 西贝 老乡鸡 华住 锦江 如家 汉庭 亚朵
`);

/** Provinces, regions and well-known cities and counties (faker's lists are added below). */
const REAL_PLACES = words(`
  北京 上海 天津 重庆 广州 深圳 杭州 南京 武汉 成都 西安 苏州 郑州 长沙 沈阳 青岛 宁波 东莞 无锡 佛山 合肥 大连 福州 厦门
  哈尔滨 济南 温州 南宁 长春 泉州 石家庄 贵阳 南昌 金华 常州 南通 嘉兴 太原 徐州 惠州 珠海 中山 台州 烟台 兰州 绍兴 海口
  扬州 汕头 昆明 乌鲁木齐 呼和浩特 银川 西宁 拉萨 潍坊 洛阳 临沂 唐山 镇江 盐城 湖州 赣州 漳州 揭阳 江门 桂林 邯郸 泰州
  济宁 芜湖 淄博 保定 沧州 廊坊 宜昌 襄阳 岳阳 常德 衡阳 株洲 湘潭 柳州 遵义 绵阳 宜宾 南充 泸州 德阳 乐山 达州 自贡
  大同 包头 鞍山 抚顺 吉林 大庆 齐齐哈尔 牡丹江 鄂尔多斯 秦皇岛 张家口 承德 邢台 衡水 安阳 新乡 南阳 开封 商丘 信阳 周口
  许昌 平顶山 焦作 濮阳 漯河 三门峡 驻马店 鹤壁 九江 上饶 宜春 吉安 抚州 景德镇 萍乡 新余 鹰潭 蚌埠 阜阳 安庆 马鞍山
  淮南 淮北 铜陵 黄山 滁州 六安 亳州 宿州 池州 宣城 连云港 淮安 宿迁 舟山 丽水 衢州 莆田 三明 南平 龙岩 宁德 湛江 茂名
  肇庆 梅州 韶关 清远 阳江 河源 潮州 汕尾 云浮 北海 钦州 防城港 玉林 梧州 贵港 百色 河池 来宾 崇左 贺州 三亚 儋州 曲靖
  玉溪 大理 丽江 西双版纳 安顺 六盘水 毕节 铜仁 凯里 咸阳 宝鸡 渭南 汉中 延安 榆林 安康 商洛 铜川 天水 酒泉 嘉峪关 张掖
  武威 白银 平凉 庆阳 定西 陇南 石嘴山 吴忠 固原 中卫 格尔木 克拉玛依 吐鲁番 哈密 喀什 和田 阿克苏 伊宁 库尔勒 日喀则
  林芝 昌都 荆州 荆门 黄石 十堰 孝感 黄冈 咸宁 随州 恩施 鄂州 仙桃 潜江 天门 益阳 郴州 永州 怀化 娄底 邵阳 张家界 吉首
  临汾 运城 长治 晋城 晋中 阳泉 忻州 吕梁 朔州 日照 威海 东营 泰安 德州 聊城 滨州 菏泽 枣庄 莱芜 营口 丹东 锦州 阜新 辽阳
  盘锦 铁岭 朝阳 葫芦岛 四平 通化 白山 松原 白城 延吉 辽源 鸡西 鹤岗 双鸭山 伊春 佳木斯 七台河 黑河 绥化 赤峰 通辽 呼伦贝尔
  乌海 巴彦淖尔 乌兰察布 锡林浩特 香港 澳门 台北 高雄 台中 台南 新竹 基隆 桃园 昆山 义乌 江阴 常熟 张家港 晋江 慈溪 余姚
  临川 云溪 平阳 永康 清远 宁海 福清 江山 石狮 金坛 玉环 龙泉 丰城 泰兴 德清 宜兴 松江 桃源 梅河口 白河 红河 黄岩 临海
  青田 平湖 安吉 海宁 桐乡 长兴 嘉善 海盐 永嘉 乐清 瑞安 苍南 文成 泰顺 东阳 兰溪 浦江 武义 磐安 龙游 开化 常山 云和
  庆元 景宁 遂昌 松阳 缙云 天台 仙居 三门 温岭 象山 奉化 宁乡 浏阳 醴陵 韶山 湘乡 耒阳 常宁 汨罗 临湘 沅江 津市 冷水江
  涟源 资兴 洪江 武冈 邵东 福鼎 福安 永安 漳平 建瓯 武夷山 邵武 建阳 长乐 平潭 连江 闽侯 罗源 永泰 闽清 南安 安溪 永春
  德化 惠安 金门 龙海 漳浦 云霄 东山 诏安 长泰 南靖 平和 华安 雄安 浦东 浦西 海淀 朝阳区 东城 西城 丰台 石景山 通州 顺义
  昌平 大兴 房山 门头沟 怀柔 平谷 密云 延庆 黄浦 徐汇 长宁 静安 普陀 虹口 杨浦 闵行 宝山 嘉定 金山区 青浦 奉贤 崇明 南山
  福田 罗湖 宝安 龙岗 盐田 龙华 坪山 光明 天河 越秀 荔湾 海珠 白云 黄埔 番禺 花都 南沙 从化 增城 西湖 上城 拱墅 滨江
  萧山 余杭 临平 钱塘 富阳 临安 桐庐 淳安 建德 泰山 华山 衡山 嵩山 恒山 峨眉 峨眉山 昆仑 长江 黄河 珠江 淮河 太湖 洞庭
  鄱阳 西湖 千岛湖 九寨沟 青海湖 天山 泰州 台湾 江南 江北 岭南 中原 关中 塞北 燕赵 齐鲁 巴蜀 荆楚 吴越 闽南 两广
`);

/** Real drugs by their Chinese names (INN transliterations): an invented drug name must not be one. */
const REAL_DRUGS = words(`
  伊马替尼 吉非替尼 厄洛替尼 奥希替尼 埃克替尼 阿帕替尼 安罗替尼 伊布替尼 索拉非尼 舒尼替尼 阿托伐他汀 瑞舒伐他汀 辛伐他汀
  普伐他汀 洛伐他汀 匹伐他汀 帕博利珠单抗 纳武利尤单抗 阿达木单抗 曲妥珠单抗 贝伐珠单抗 利妥昔单抗 英夫利西单抗 西妥昔单抗
  地舒单抗 阿替利珠单抗 度伐利尤单抗 伊匹木单抗 信迪利单抗 卡瑞利珠单抗 替雷利珠单抗 特瑞普利单抗 司库奇尤单抗 度普利尤单抗
  奥司他韦 瑞德西韦 阿昔洛韦 替诺福韦 恩替卡韦 索磷布韦 氟康唑 伊曲康唑 伏立康唑 奥美拉唑 兰索拉唑 泮托拉唑 卡托普利
  依那普利 赖诺普利 雷米普利 贝那普利 氯沙坦 缬沙坦 厄贝沙坦 坎地沙坦 替米沙坦 普萘洛尔 美托洛尔 阿替洛尔 比索洛尔
  司美格鲁肽 利拉鲁肽 艾塞那肽 度拉糖肽 英克司兰 诺西那生 亮丙瑞林 戈舍瑞林 曲普瑞林
`);

/** Real parties and bodies a party name must not be. */
const REAL_PARTIES = words(`
  中国共产党 共产党 中国国民党 国民党 民主进步党 民进党 亲民党 新党 时代力量 台湾民众党 民众党 民革 民盟 民建 民进 农工党
  致公党 九三学社 台盟 工党 保守党 自由民主党 民主党 共和党 绿党 社会民主党 基督教民主联盟 自民党 立宪民主党
`);

/** Real space missions, rockets and vehicles. */
const REAL_VEHICLES = words(`
  神舟 天宫 天舟 嫦娥 天问 玉兔 祝融 悟空 墨子 羲和 鹊桥 北斗 风云 高分 长征 快舟 捷龙 谷神星 朱雀 天龙 双曲线 智神星 力箭
  引力 天和 问天 梦天 巡天 夸父 慧眼 张衡 实践 东方红 探月 蛟龙 奋斗者 复兴号 和谐号 鲲龙 翼龙 彩虹
`);

const TEAM_NICKNAMES = words(`
  雄狮 猛虎 飞鹰 蓝鲸 雄鹰 猎豹 飞龙 苍狼 海豚 骏马 金鹰 神鹰 猛犸 白鲨 黑豹 火凤 青龙 白虎 玄武 天马 海狮 战鹰 山猫
`);

const TITLE_NOUNS = words(`
  港湾 冬天 信号 花园 河流 岛屿 灯笼 镜子 果园 车站 潮汐 风暴 回声 边疆 王冠 余烬 影子 玻璃 草原 书信 桥梁 船锚 罗盘 丝线
  轨道 地平线 夏天 高塔 森林 道路 边界 海岸 灯塔 采石场 渡口 钟声 声音 收获 诺言 证人 季节 洪流 热病 引擎 王国 山谷 圆环
  档案 夜晚 清晨 旅程 幽灵 女儿 陌生人 守护者 船长 画家 继承人 旅人 房客 水手
`);
const TITLE_ADJECTIVES = words(`
  寂静的 沉默的 最后的 失落的 隐秘的 漫长的 遥远的 明亮的 破碎的 寒冷的 金色的 空旷的 北方的 燃烧的 无尽的 狭窄的 苍白的
  不安的 第二个 小小的 突然的 荒野的 迟来的 敞开的 空荡的 深红的 静止的 温柔的 秘密的
`);
const TITLE_PATTERNS = words(`
  {place}的{noun} {adjective}{noun} {noun} {noun}与{noun} {place} {noun}的{noun} {noun}之后 {adjective}{noun}
`);

const MISSION_WORDS = words(`
  星槎 玄鸟 青鸾 云雀 天枢 天璇 瑶光 开阳 启明 长庚 灵犀 苍鹭 白鹭 鸿雁 飞燕 海燕 信鸽 天鹅 鲲鹏 凌霄 揽月 追光 逐日 寻星
`);
const VEHICLE_WORDS = words(`
  长风 疾风 飓风 雷霆 利剑 长弓 巨鲸 飞鲨 天梭 云梯 穿云 破晓 擎天 启航 远征 鸿鹄
`);
/** Product lines: short Latin lines, as Chinese makers name models, and Chinese series words. */
const PRODUCT_LINES = words(`
  X S K Pro Max Neo Air 畅享 星耀 锐途 青春 智享 星河 极光 领航 逐风 云帆
`);

const IDEOLOGIES = words('民主 进步 公民 自由 社会 人民 联合 绿色 共和 劳工 农民 改革 中道 公义 新');
const CAUSES = words('复兴 团结 未来 行动 正义 发展 前进 变革 希望 联盟 力量 共识 家园 民生');

/** Syllable characters Chinese INN transliterations start and continue with (阿, 帕, 伊; 博, 利, 替). */
const DRUG_HEADS = chars('阿帕伊卡达托瑞恩艾贝地法格海吉克拉马奈欧佩奇萨塔维西雅泽');
const DRUG_MIDDLES = chars('博利马格莫沙米诺索鲁尼塔拉西芬韦达卡普伐曲');

const REAL_PLACE_LISTS = [
  ...han(zh.location?.city_name),
  ...han(zh.location?.state),
  ...han(zh.location?.state_abbr),
  ...han(zh.location?.country),
  ...REAL_PLACES,
];

export const ZH_CN: LocaleNames = {
  script: 'han',
  letters: nameCharacters([...SURNAMES, ...FEMALE, ...MALE]),
  person: {
    first: { female: FEMALE, male: MALE },
    denyFirst: DENY_FIRST,
    commonWords: COMMON_WORDS,
    givenWords: GIVEN_WORDS,
    surnames: SURNAMES,
    // Family names are drawn from `surnames`, never invented: the fields for invented ones hold the same list.
    realSurnames: SURNAMES,
    surnameHeads: SURNAMES,
    surnameTails: SURNAMES,
  },
  root: { heads: ROOT_HEADS, middles: ROOT_MIDDLES, tails: ROOT_TAILS, compoundFirst: COMPOUND_FIRST, compoundSecond: COMPOUND_SECOND },
  place: {
    heads: PLACE_HEADS,
    tails: PLACE_TAILS,
    before: chars('新东西南北'),
    /** What a place is: most are cities. */
    after: words('市 市 市 县 县 区'),
  },
  realNames: [...REAL_COMPANIES, ...REAL_PLACE_LISTS, ...REAL_DRUGS, ...REAL_PARTIES, ...REAL_VEHICLES, ...REAL_PEOPLE],
  suffixes: {
    company: COMPANY_SUFFIXES,
    brand: words('移动 电子 数码 智能 音频 家居 科技'),
    team: words('队 俱乐部 足球俱乐部 联队 竞技'),
    party: words('党 党 党 联盟 运动 阵线'),
    exchange: words('证券交易所 证券交易所 商品交易所 交易所'),
    mission: words('一号 二号 三号 四号 五号 六号 七号 八号 九号 十号'),
    vehicle: words('一号 二号 三号 五号 七号 九号 甲 乙 丙 重型 改进型'),
  },
  team: { nicknames: TEAM_NICKNAMES },
  party: { ideologies: IDEOLOGIES, causes: CAUSES },
  drug: {
    heads: DRUG_HEADS,
    middles: DRUG_MIDDLES,
    // The modalities are the words the drug themes use (the same as English data's); class is said in Chinese.
    stems: [
      { stem: '替尼', class: '激酶抑制剂', modality: 'small molecule', routes: ['oral'] },
      { stem: '他汀', class: '酶抑制剂', modality: 'small molecule', routes: ['oral'] },
      { stem: '韦', class: '抗病毒药', modality: 'small molecule', routes: ['oral', 'intravenous', 'inhaled'] },
      { stem: '康唑', class: '唑类抗真菌药', modality: 'small molecule', routes: ['oral', 'intravenous'] },
      { stem: '普利', class: '血管紧张素转换酶抑制剂', modality: 'small molecule', routes: ['oral'] },
      { stem: '沙坦', class: '血管紧张素受体阻滞剂', modality: 'small molecule', routes: ['oral'] },
      { stem: '洛尔', class: 'β受体阻滞剂', modality: 'small molecule', routes: ['oral', 'intravenous'] },
      { stem: '单抗', class: '单克隆抗体', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: '珠单抗', class: '人源化单克隆抗体', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: '尤单抗', class: '全人源单克隆抗体', modality: 'monoclonal antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: '妥单抗', class: '双特异性抗体', modality: 'bispecific antibody', routes: ['intravenous', 'subcutaneous'] },
      { stem: '基因', class: '基因治疗', modality: 'gene therapy', routes: ['intravenous'] },
      { stem: '韦克', class: '病毒载体基因治疗', modality: 'gene therapy', routes: ['intravenous'] },
      { stem: '赛', class: '细胞治疗', modality: 'cell therapy', routes: ['intravenous'] },
      { stem: '仑赛', class: 'CAR-T细胞治疗', modality: 'cell therapy', routes: ['intravenous'] },
      { stem: '鲁肽', class: '多肽', modality: 'peptide', routes: ['subcutaneous'] },
      { stem: '瑞林', class: '促性腺激素释放激素类似物', modality: 'peptide', routes: ['subcutaneous', 'intramuscular'] },
      { stem: '那生', class: '反义寡核苷酸', modality: 'antisense oligonucleotide', routes: ['intrathecal', 'subcutaneous'] },
      { stem: '司兰', class: '小干扰RNA', modality: 'small interfering RNA', routes: ['subcutaneous'] },
    ],
  },
  title: { nouns: TITLE_NOUNS, adjectives: TITLE_ADJECTIVES, patterns: TITLE_PATTERNS },
  mission: { words: MISSION_WORDS },
  vehicle: { words: VEHICLE_WORDS },
  product: { lines: PRODUCT_LINES },
};
