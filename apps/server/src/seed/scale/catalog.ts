// What the scale data set is made of: the goods each tier makes and what from, the places companies sit,
// the words their names are made of, and the mines' sites. Fictional combinations of ordinary words;
// prices are CNY per unit, ratios are the input's units per unit of output.

export type Tier = 'auto' | 'tier1' | 'tier2' | 'trader' | 'mine';

export interface Bilingual {
  zh: string;
  en: string;
}

/** A kind of goods a tier makes (or a mine extracts), with the kinds it is made of. */
export interface Category {
  code: string;
  name: Bilingual;
  unit: Bilingual;
  /** Typical unit price, CNY. */
  price: number;
  /** Quantities are whole units (pcs, sets) or have two decimals (t, kg). */
  whole: boolean;
  /** Input category code -> input units per unit of this one (preferred inputs; see plan.ts). */
  inputs: Readonly<Record<string, number>>;
  /** Tier 1 parts: a key part (spec: B tables) or not (C tables). */
  key?: boolean;
  /** Delivered and received as steel (SaleDeliverySteel, PurchaseReceiptSteel). */
  steel?: boolean;
}

const u = (zh: string, en: string): Bilingual => ({ zh, en });
const T = u('吨', 't');
const KG = u('千克', 'kg');
const SET = u('套', 'set');
const PCS = u('件', 'pcs');
const UNIT = u('台', 'unit');

/** What mines extract (the concentrate they sell; the ore is its raw form, see ORE_RATIO). */
export const MINERALS: readonly Category[] = [
  {
    code: 'LI',
    name: u('锂辉石精矿', 'Spodumene concentrate'),
    unit: T,
    price: 7800,
    whole: false,
    inputs: {},
  },
  { code: 'FE', name: u('铁精矿', 'Iron ore concentrate'), unit: T, price: 960, whole: false, inputs: {} },
  { code: 'NI', name: u('镍精矿', 'Nickel concentrate'), unit: T, price: 16500, whole: false, inputs: {} },
  { code: 'CU', name: u('铜精矿', 'Copper concentrate'), unit: T, price: 21000, whole: false, inputs: {} },
  { code: 'AL', name: u('铝土矿', 'Bauxite'), unit: T, price: 420, whole: false, inputs: {} },
  { code: 'CO', name: u('钴精矿', 'Cobalt concentrate'), unit: T, price: 38000, whole: false, inputs: {} },
  {
    code: 'GR',
    name: u('天然鳞片石墨', 'Natural flake graphite'),
    unit: T,
    price: 4200,
    whole: false,
    inputs: {},
  },
  {
    code: 'RE',
    name: u('稀土精矿', 'Rare earth concentrate'),
    unit: T,
    price: 29000,
    whole: false,
    inputs: {},
  },
];

/** Tonnes of ore mined per tonne of concentrate, by mineral. */
export const ORE_RATIO: Readonly<Record<string, number>> = {
  LI: 6.5,
  FE: 2.8,
  NI: 8,
  CU: 25,
  AL: 1.2,
  CO: 12,
  GR: 9,
  RE: 15,
};

/** Tier 2: materials and components. */
export const COMPONENTS: readonly Category[] = [
  {
    code: 'NCM',
    name: u('三元正极材料', 'NCM cathode material'),
    unit: KG,
    price: 168,
    whole: false,
    inputs: { NI: 0.0021, CO: 0.0009, LI: 0.0048 },
  },
  {
    code: 'STEEL',
    name: u('冷轧钢板', 'Cold-rolled steel sheet'),
    unit: T,
    price: 5200,
    whole: false,
    inputs: { FE: 1.62 },
    steel: true,
  },
  {
    code: 'WIRE',
    name: u('漆包铜线', 'Enamelled copper wire'),
    unit: KG,
    price: 78,
    whole: false,
    inputs: { CU: 0.0042 },
  },
  {
    code: 'ALCAST',
    name: u('铝合金压铸件', 'Aluminium die casting'),
    unit: PCS,
    price: 360,
    whole: true,
    inputs: { AL: 0.011 },
  },
  {
    code: 'ANODE',
    name: u('人造石墨负极材料', 'Graphite anode material'),
    unit: KG,
    price: 42,
    whole: false,
    inputs: { GR: 0.0012 },
  },
  {
    code: 'CUFOIL',
    name: u('锂电铜箔', 'Copper foil for batteries'),
    unit: KG,
    price: 96,
    whole: false,
    inputs: { CU: 0.0044 },
  },
  {
    code: 'MAGNET',
    name: u('钕铁硼磁钢', 'NdFeB magnet'),
    unit: KG,
    price: 420,
    whole: false,
    inputs: { RE: 0.0016, FE: 0.0011 },
  },
  {
    code: 'LFP',
    name: u('磷酸铁锂正极材料', 'LFP cathode material'),
    unit: KG,
    price: 52,
    whole: false,
    inputs: { LI: 0.0031, FE: 0.0009 },
  },
];

/** Tier 1: vehicle parts. */
export const PARTS: readonly Category[] = [
  {
    code: 'PACK',
    name: u('动力电池包', 'Traction battery pack'),
    unit: SET,
    price: 68000,
    whole: true,
    inputs: { NCM: 110, ANODE: 62, CUFOIL: 21, LFP: 160 },
    key: true,
  },
  {
    code: 'SEAT',
    name: u('座椅总成', 'Seat assembly'),
    unit: SET,
    price: 3200,
    whole: true,
    inputs: { STEEL: 0.028 },
  },
  {
    code: 'MOTOR',
    name: u('驱动电机总成', 'Drive motor assembly'),
    unit: UNIT,
    price: 9800,
    whole: true,
    inputs: { MAGNET: 1.8, WIRE: 7.5, ALCAST: 2 },
    key: true,
  },
  {
    code: 'HARNESS',
    name: u('整车线束', 'Vehicle wiring harness'),
    unit: SET,
    price: 2300,
    whole: true,
    inputs: { WIRE: 14 },
  },
  {
    code: 'INVERTER',
    name: u('电机控制器', 'Motor controller'),
    unit: UNIT,
    price: 4600,
    whole: true,
    inputs: { WIRE: 1.2, ALCAST: 1, CUFOIL: 0.4 },
    key: true,
  },
  {
    code: 'BODY',
    name: u('白车身结构件', 'Body-in-white structure kit'),
    unit: SET,
    price: 7400,
    whole: true,
    inputs: { STEEL: 0.38, ALCAST: 4 },
  },
  {
    code: 'THERMAL',
    name: u('热管理模块', 'Thermal management module'),
    unit: SET,
    price: 3600,
    whole: true,
    inputs: { ALCAST: 3, WIRE: 0.8 },
  },
  {
    code: 'BRAKE',
    name: u('制动系统总成', 'Brake system assembly'),
    unit: SET,
    price: 2100,
    whole: true,
    inputs: { STEEL: 0.021, ALCAST: 2 },
  },
];

/** Goods an automaker buys outside the traced chain (C3 standard parts, C4 auxiliary, C5 packaging). */
export const SUNDRIES: Readonly<Record<'standard' | 'auxiliary' | 'packaging', readonly Category[]>> = {
  standard: [
    {
      code: 'BOLT-M8',
      name: u('六角法兰面螺栓 M8×25', 'Hex flange bolt M8x25'),
      unit: PCS,
      price: 0.35,
      whole: true,
      inputs: {},
    },
    {
      code: 'NUT-M10',
      name: u('六角法兰螺母 M10', 'Hex flange nut M10'),
      unit: PCS,
      price: 0.28,
      whole: true,
      inputs: {},
    },
    { code: 'CLIP-06', name: u('线束卡扣', 'Harness clip'), unit: PCS, price: 0.12, whole: true, inputs: {} },
  ],
  auxiliary: [
    {
      code: 'COOLANT',
      name: u('电池冷却液', 'Battery coolant'),
      unit: u('升', 'L'),
      price: 18,
      whole: true,
      inputs: {},
    },
    {
      code: 'ADHESIVE',
      name: u('结构胶', 'Structural adhesive'),
      unit: KG,
      price: 65,
      whole: false,
      inputs: {},
    },
    {
      code: 'BRAKEFLUID',
      name: u('制动液', 'Brake fluid'),
      unit: u('升', 'L'),
      price: 26,
      whole: true,
      inputs: {},
    },
  ],
  packaging: [
    {
      code: 'CRATE',
      name: u('塑料周转箱', 'Returnable plastic crate'),
      unit: PCS,
      price: 48,
      whole: true,
      inputs: {},
    },
    { code: 'PALLET', name: u('木托盘', 'Wooden pallet'), unit: PCS, price: 85, whole: true, inputs: {} },
    {
      code: 'FILM',
      name: u('缠绕膜', 'Stretch film'),
      unit: u('卷', 'roll'),
      price: 36,
      whole: true,
      inputs: {},
    },
  ],
};

/** A place companies sit: its administrative division (the USCI's digits 3-8) and coordinates. */
export interface Region {
  division: string;
  province: Bilingual;
  city: Bilingual;
  area: Bilingual;
  longitude: number;
  latitude: number;
}

const r = (
  division: string,
  province: [string, string],
  city: [string, string],
  area: [string, string],
  longitude: number,
  latitude: number,
): Region => ({
  division,
  province: u(...province),
  city: u(...city),
  area: u(...area),
  longitude,
  latitude,
});

export const REGIONS: readonly Region[] = [
  r(
    '310114',
    ['上海市', 'Shanghai'],
    ['上海市', 'Shanghai'],
    ['嘉定区', 'Jiading District'],
    121.265,
    31.375,
  ),
  r(
    '310115',
    ['上海市', 'Shanghai'],
    ['上海市', 'Shanghai'],
    ['浦东新区', 'Pudong New Area'],
    121.544,
    31.221,
  ),
  r('320583', ['江苏省', 'Jiangsu'], ['苏州市', 'Suzhou'], ['昆山市', 'Kunshan'], 120.981, 31.385),
  r('320412', ['江苏省', 'Jiangsu'], ['常州市', 'Changzhou'], ['武进区', 'Wujin District'], 119.942, 31.701),
  r('320214', ['江苏省', 'Jiangsu'], ['无锡市', 'Wuxi'], ['新吴区', 'Xinwu District'], 120.362, 31.491),
  r('330206', ['浙江省', 'Zhejiang'], ['宁波市', 'Ningbo'], ['北仑区', 'Beilun District'], 121.844, 29.899),
  r(
    '330109',
    ['浙江省', 'Zhejiang'],
    ['杭州市', 'Hangzhou'],
    ['萧山区', 'Xiaoshan District'],
    120.264,
    30.185,
  ),
  r('340111', ['安徽省', 'Anhui'], ['合肥市', 'Hefei'], ['包河区', 'Baohe District'], 117.309, 31.793),
  r(
    '440310',
    ['广东省', 'Guangdong'],
    ['深圳市', 'Shenzhen'],
    ['坪山区', 'Pingshan District'],
    114.346,
    22.691,
  ),
  r(
    '440113',
    ['广东省', 'Guangdong'],
    ['广州市', 'Guangzhou'],
    ['番禺区', 'Panyu District'],
    113.384,
    22.937,
  ),
  r('420114', ['湖北省', 'Hubei'], ['武汉市', 'Wuhan'], ['蔡甸区', 'Caidian District'], 114.029, 30.582),
  r('430112', ['湖南省', 'Hunan'], ['长沙市', 'Changsha'], ['望城区', 'Wangcheng District'], 112.819, 28.347),
  r(
    '500112',
    ['重庆市', 'Chongqing'],
    ['重庆市', 'Chongqing'],
    ['渝北区', 'Yubei District'],
    106.631,
    29.718,
  ),
  r(
    '510112',
    ['四川省', 'Sichuan'],
    ['成都市', 'Chengdu'],
    ['龙泉驿区', 'Longquanyi District'],
    104.269,
    30.557,
  ),
  r('511504', ['四川省', 'Sichuan'], ['宜宾市', 'Yibin'], ['叙州区', 'Xuzhou District'], 104.533, 28.69),
  r('360902', ['江西省', 'Jiangxi'], ['宜春市', 'Yichun'], ['袁州区', 'Yuanzhou District'], 114.417, 27.796),
  r('350902', ['福建省', 'Fujian'], ['宁德市', 'Ningde'], ['蕉城区', 'Jiaocheng District'], 119.526, 26.661),
  r('370211', ['山东省', 'Shandong'], ['青岛市', 'Qingdao'], ['黄岛区', 'Huangdao District'], 120.198, 35.96),
  r('120116', ['天津市', 'Tianjin'], ['天津市', 'Tianjin'], ['滨海新区', 'Binhai New Area'], 117.698, 39.003),
  r('220106', ['吉林省', 'Jilin'], ['长春市', 'Changchun'], ['绿园区', 'Lvyuan District'], 125.256, 43.88),
  r('210106', ['辽宁省', 'Liaoning'], ['沈阳市', 'Shenyang'], ['铁西区', 'Tiexi District'], 123.35, 41.788),
  r('130203', ['河北省', 'Hebei'], ['唐山市', 'Tangshan'], ['路北区', 'Lubei District'], 118.2, 39.625),
  r('630105', ['青海省', 'Qinghai'], ['西宁市', 'Xining'], ['城北区', 'Chengbei District'], 101.766, 36.67),
  r(
    '150203',
    ['内蒙古自治区', 'Inner Mongolia'],
    ['包头市', 'Baotou'],
    ['昆都仑区', 'Kundulun District'],
    109.822,
    40.661,
  ),
  r('530111', ['云南省', 'Yunnan'], ['昆明市', 'Kunming'], ['官渡区', 'Guandu District'], 102.744, 25.015),
];

export const STREETS: readonly Bilingual[] = [
  u('创业路', 'Chuangye Road'),
  u('科技大道', 'Keji Avenue'),
  u('工业园路', 'Gongyeyuan Road'),
  u('兴业大道', 'Xingye Avenue'),
  u('发展大道', 'Fazhan Avenue'),
  u('长江路', 'Changjiang Road'),
  u('黄河路', 'Huanghe Road'),
  u('东方大道', 'Dongfang Avenue'),
  u('锦绣路', 'Jinxiu Road'),
  u('新能源大道', 'Xinnengyuan Avenue'),
  u('智造路', 'Zhizao Road'),
  u('港城大道', 'Gangcheng Avenue'),
];

/** Syllables of fictional brand names (two make one), with their pinyin. */
export const BRAND_FIRST: readonly Bilingual[] = [
  u('恒', 'Heng'),
  u('华', 'Hua'),
  u('鼎', 'Ding'),
  u('宏', 'Hong'),
  u('金', 'Jin'),
  u('天', 'Tian'),
  u('永', 'Yong'),
  u('瑞', 'Rui'),
  u('博', 'Bo'),
  u('卓', 'Zhuo'),
  u('信', 'Xin'),
  u('凯', 'Kai'),
  u('安', 'An'),
  u('嘉', 'Jia'),
  u('汇', 'Hui'),
  u('海', 'Hai'),
  u('长', 'Chang'),
  u('泰', 'Tai'),
  u('德', 'De'),
  u('隆', 'Long'),
  u('鑫', 'Xin'),
  u('润', 'Run'),
  u('启', 'Qi'),
  u('晟', 'Sheng'),
];
export const BRAND_SECOND: readonly Bilingual[] = [
  u('达', 'da'),
  u('瑞', 'rui'),
  u('盛', 'sheng'),
  u('远', 'yuan'),
  u('泰', 'tai'),
  u('成', 'cheng'),
  u('新', 'xin'),
  u('丰', 'feng'),
  u('源', 'yuan'),
  u('通', 'tong'),
  u('川', 'chuan'),
  u('宇', 'yu'),
  u('辰', 'chen'),
  u('航', 'hang'),
  u('驰', 'chi'),
  u('峰', 'feng'),
  u('华', 'hua'),
  u('邦', 'bang'),
  u('锐', 'rui'),
  u('晖', 'hui'),
];

/** The line of business in a company name, by tier (tier 1 and 2 by what they make). */
export const INDUSTRY: Readonly<Record<string, Bilingual>> = {
  auto: u('汽车股份有限公司', 'Automobile Co., Ltd.'),
  trader: u('国际贸易有限公司', 'International Trading Co., Ltd.'),
  mine: u('矿业有限公司', 'Mining Co., Ltd.'),
  PACK: u('新能源科技有限公司', 'New Energy Technology Co., Ltd.'),
  SEAT: u('汽车内饰有限公司', 'Automotive Interiors Co., Ltd.'),
  MOTOR: u('电机有限公司', 'Electric Motor Co., Ltd.'),
  HARNESS: u('汽车电子有限公司', 'Automotive Electronics Co., Ltd.'),
  INVERTER: u('电驱动技术有限公司', 'Electric Drive Technology Co., Ltd.'),
  BODY: u('汽车部件有限公司', 'Auto Parts Co., Ltd.'),
  THERMAL: u('热管理系统有限公司', 'Thermal Systems Co., Ltd.'),
  BRAKE: u('制动系统有限公司', 'Braking Systems Co., Ltd.'),
  NCM: u('新材料股份有限公司', 'New Materials Co., Ltd.'),
  LFP: u('锂电材料有限公司', 'Battery Materials Co., Ltd.'),
  STEEL: u('钢铁有限公司', 'Steel Co., Ltd.'),
  WIRE: u('铜业有限公司', 'Copper Co., Ltd.'),
  ALCAST: u('精密铸造有限公司', 'Precision Casting Co., Ltd.'),
  ANODE: u('碳素材料有限公司', 'Carbon Materials Co., Ltd.'),
  CUFOIL: u('铜箔科技有限公司', 'Copper Foil Technology Co., Ltd.'),
  MAGNET: u('磁材科技有限公司', 'Magnetic Materials Technology Co., Ltd.'),
  dealer: u('汽车销售服务有限公司', 'Auto Sales & Service Co., Ltd.'),
  standard: u('紧固件有限公司', 'Fasteners Co., Ltd.'),
  auxiliary: u('化工有限公司', 'Chemicals Co., Ltd.'),
  packaging: u('包装材料有限公司', 'Packaging Materials Co., Ltd.'),
};

export const SURNAMES: readonly string[] = [...'王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许'];
export const GIVEN_NAMES: readonly string[] = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '强',
  '磊',
  '洋',
  '勇',
  '军',
  '杰',
  '涛',
  '明',
  '超',
  '秀英',
  '志强',
  '建华',
  '海燕',
  '晓东',
  '丽娟',
  '国平',
  '文博',
  '子涵',
  '思远',
];

/** A mine's site: the place its ore lots come from (E2 rows). */
export interface MineSite {
  name: Bilingual;
  country: string;
  latitude: number;
  longitude: number;
}

const site = (zh: string, en: string, country: string, latitude: number, longitude: number): MineSite => ({
  name: u(zh, en),
  country,
  latitude,
  longitude,
});

/** Sites by mineral; a mine works one to three of its mineral's. */
export const MINE_SITES: Readonly<Record<string, readonly MineSite[]>> = {
  LI: [
    site('皮尔巴拉锂辉石矿区', 'Pilbara spodumene field', '澳大利亚', -21.013, 118.72),
    site('甲基卡锂矿', 'Jiajika lithium mine', '中国', 30.221, 101.254),
    site('阿塔卡马盐湖', 'Salar de Atacama', '智利', -23.5, -68.25),
    site('马尔科姆矿区', 'Mount Marion field', '澳大利亚', -31.08, 121.46),
  ],
  FE: [
    site('哈默斯利铁矿', 'Hamersley iron range', '澳大利亚', -22.5, 118.5),
    site('米纳斯吉拉斯矿区', 'Minas Gerais iron quadrangle', '巴西', -20.1, -43.5),
    site('迁安铁矿', 'Qian’an iron mine', '中国', 40.01, 118.69),
  ],
  NI: [
    site('苏拉威西镍矿', 'Sulawesi nickel laterite', '印度尼西亚', -2.55, 121.37),
    site('金川镍矿', 'Jinchuan nickel mine', '中国', 38.5, 102.19),
    site('巴拉望镍矿', 'Palawan nickel mine', '菲律宾', 9.35, 118.4),
  ],
  CU: [
    site('埃斯康迪达铜矿', 'Escondida copper mine', '智利', -24.27, -69.07),
    site('德兴铜矿', 'Dexing copper mine', '中国', 29.0, 117.72),
    site('拉斯邦巴斯铜矿', 'Las Bambas copper mine', '秘鲁', -14.06, -72.3),
  ],
  AL: [
    site('博凯铝土矿', 'Boké bauxite field', '几内亚', 10.94, -14.29),
    site('韦帕铝土矿', 'Weipa bauxite mine', '澳大利亚', -12.63, 141.88),
    site('广西平果铝土矿', 'Pingguo bauxite mine', '中国', 23.33, 107.58),
  ],
  CO: [
    site('科卢韦齐铜钴矿', 'Kolwezi copper-cobalt mine', '刚果（金）', -10.72, 25.47),
    site('卢本巴希钴矿', 'Lubumbashi cobalt mine', '刚果（金）', -11.66, 27.48),
  ],
  GR: [
    site('鸡西石墨矿', 'Jixi graphite mine', '中国', 45.3, 130.97),
    site('巴拉马石墨矿', 'Balama graphite mine', '莫桑比克', -13.33, 38.6),
  ],
  RE: [
    site('白云鄂博稀土矿', 'Bayan Obo rare earth mine', '中国', 41.78, 109.97),
    site('芒廷帕斯稀土矿', 'Mountain Pass rare earth mine', '美国', 35.48, -115.53),
  ],
};

/** Logistics carriers' numbers on shipments. */
export const CARRIERS: readonly string[] = ['SF-LOG', 'JD-LOG', 'ZTO-56', 'DB-LOG', 'COSCO-SL', 'YTO-EXP'];

/** Vehicle series of automakers' models. */
export const SERIES: readonly Bilingual[] = [
  u('E5 纯电轿车', 'E5 electric sedan'),
  u('S7 纯电SUV', 'S7 electric SUV'),
  u('M9 插混MPV', 'M9 plug-in hybrid MPV'),
  u('X3 纯电小型车', 'X3 compact EV'),
  u('T6 增程皮卡', 'T6 range-extended pickup'),
  u('L8 纯电旅行车', 'L8 electric estate'),
];
