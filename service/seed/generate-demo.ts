/**
 * Writes service/seed/demo.json: the demo data of a Taiwanese B2B food distributor (tenant `formosa`) and
 * a small English tenant (`acme`) for isolation checks. Deterministic: a fixed-seed PRNG, so rerunning it
 * gives the same bytes and the committed JSON can be checked against it.
 *
 *   npx tsx service/seed/generate-demo.ts            # writes service/seed/demo.json
 *   npx tsx service/seed/generate-demo.ts --check    # exits 1 when demo.json differs from a fresh run
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { charLength, describeSeedError, LIMITS, OPERATIONS, seedFile } from '../../lib/contract';
import type { SeedFile } from '../../lib/contract';

type Tenant = SeedFile['tenants'][number];
type Sku = Tenant['skus'][number];

export const DEMO_PASSWORD = 'demo-password';

/** mulberry32: tiny, well-known, good enough for demo data; the point is determinism, not quality. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, int, pick, chance, shuffle };
}

type Rng = ReturnType<typeof prng>;

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** EAN-13 with a GS1 Taiwan prefix (471) and a correct check digit, so barcode scanners accept it. */
function ean13(body9: number): string {
  const digits = `471${pad(body9, 9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return digits + String((10 - (sum % 10)) % 10);
}

/** The first candidate that fits `max` characters; candidates go from richest to plainest. */
function fit(max: number, ...candidates: string[]): string {
  for (const c of candidates) if (charLength(c) <= max) return c;
  return [...(candidates.at(-1) ?? '')].slice(0, max).join('');
}

// ---------------------------------------------------------------- formosa: reference data

const CITIES: { zh: string; en: string; districts: [string, string][]; area: string }[] = [
  { zh: '臺北市', en: 'Taipei City', area: '02', districts: [['中山區', 'Zhongshan Dist.'], ['大安區', "Da'an Dist."], ['信義區', 'Xinyi Dist.'], ['內湖區', 'Neihu Dist.'], ['士林區', 'Shilin Dist.'], ['萬華區', 'Wanhua Dist.']] },
  { zh: '新北市', en: 'New Taipei City', area: '02', districts: [['板橋區', 'Banqiao Dist.'], ['三重區', 'Sanchong Dist.'], ['新莊區', 'Xinzhuang Dist.'], ['中和區', 'Zhonghe Dist.'], ['五股區', 'Wugu Dist.']] },
  { zh: '桃園市', en: 'Taoyuan City', area: '03', districts: [['桃園區', 'Taoyuan Dist.'], ['中壢區', 'Zhongli Dist.'], ['龜山區', 'Guishan Dist.'], ['八德區', 'Bade Dist.']] },
  { zh: '新竹市', en: 'Hsinchu City', area: '03', districts: [['東區', 'East Dist.'], ['北區', 'North Dist.']] },
  { zh: '臺中市', en: 'Taichung City', area: '04', districts: [['西屯區', 'Xitun Dist.'], ['北屯區', 'Beitun Dist.'], ['南屯區', 'Nantun Dist.'], ['豐原區', 'Fengyuan Dist.'], ['大里區', 'Dali Dist.']] },
  { zh: '彰化縣', en: 'Changhua County', area: '04', districts: [['彰化市', 'Changhua City'], ['員林市', 'Yuanlin City'], ['鹿港鎮', 'Lukang Twp.']] },
  { zh: '嘉義市', en: 'Chiayi City', area: '05', districts: [['東區', 'East Dist.'], ['西區', 'West Dist.']] },
  { zh: '臺南市', en: 'Tainan City', area: '06', districts: [['東區', 'East Dist.'], ['中西區', 'West Central Dist.'], ['永康區', 'Yongkang Dist.'], ['安平區', 'Anping Dist.']] },
  { zh: '高雄市', en: 'Kaohsiung City', area: '07', districts: [['苓雅區', 'Lingya Dist.'], ['三民區', 'Sanmin Dist.'], ['左營區', 'Zuoying Dist.'], ['鳳山區', 'Fengshan Dist.'], ['前鎮區', 'Qianzhen Dist.']] },
  { zh: '屏東縣', en: 'Pingtung County', area: '08', districts: [['屏東市', 'Pingtung City'], ['潮州鎮', 'Chaozhou Twp.']] },
  { zh: '宜蘭縣', en: 'Yilan County', area: '03', districts: [['宜蘭市', 'Yilan City'], ['羅東鎮', 'Luodong Twp.']] },
  { zh: '花蓮縣', en: 'Hualien County', area: '03', districts: [['花蓮市', 'Hualien City'], ['吉安鄉', "Ji'an Twp."]] },
];

const STREETS: [string, string][] = [
  ['中山路', 'Zhongshan Rd.'], ['中正路', 'Zhongzheng Rd.'], ['民生路', 'Minsheng Rd.'], ['民權路', 'Minquan Rd.'],
  ['復興路', 'Fuxing Rd.'], ['建國路', 'Jianguo Rd.'], ['光復路', 'Guangfu Rd.'], ['成功路', 'Chenggong Rd.'],
  ['文化路', 'Wenhua Rd.'], ['和平路', 'Heping Rd.'], ['信義路', 'Xinyi Rd.'], ['仁愛路', "Ren'ai Rd."],
  ['忠孝路', 'Zhongxiao Rd.'], ['自由路', 'Ziyou Rd.'], ['公園路', 'Gongyuan Rd.'], ['大同路', 'Datong Rd.'],
  ['三民路', 'Sanmin Rd.'], ['南京東路', 'Nanjing E. Rd.'], ['博愛路', "Bo'ai Rd."], ['林森路', 'Linsen Rd.'],
];
const SECTIONS = ['一', '二', '三', '四'];

const NAME_STEMS = [
  '永興', '大同', '順發', '金源', '合興', '新利', '福昌', '長榮', '吉祥', '萬豐', '聯華', '裕隆', '東昇', '全美',
  '好鄰居', '阿里山', '日月', '美廉', '家樂', '興旺', '寶島', '鴻運', '三商', '天成', '旺來', '瑞豐', '信達', '誠品',
  '和泰', '富貴', '明德', '正大', '協和', '嘉新', '德昌', '宏益', '源順', '益民', '新東陽', '九如',
];
const NAME_KINDS = [
  ['食品行', 'Food Store'], ['商行', 'Trading'], ['超市', 'Supermarket'], ['便利商店', 'Convenience Store'],
  ['餐飲', 'Catering'], ['雜貨店', 'Grocery'], ['生鮮超市', 'Fresh Market'], ['茶行', 'Tea House'],
  ['烘焙坊', 'Bakery'], ['飯店', 'Hotel'], ['量販店', 'Hypermarket'], ['團膳', 'Institutional Catering'],
] as const;
const COMPANY_FORMS = ['有限公司', '股份有限公司', '', ''];
const ENGLISH_COMPANIES = [
  'Pacific Rim Foods Co., Ltd.', 'Island Fresh Trading Co.', 'Harbour Lights Hotel', 'Green Leaf Cafe Group',
  'Sunrise Bakery Ltd.', 'Golden Dragon Restaurants', 'Blue Ocean Seafood Co.', 'Taipei International School',
  'Summit Catering Services', 'Jade Garden Hotel Group', 'Orchid Airways Inflight', 'Evergreen Office Pantry',
];

const SURNAMES = ['陳', '林', '黃', '張', '李', '王', '吳', '劉', '蔡', '楊', '許', '鄭', '謝', '郭', '洪'];
const GIVEN = ['雅婷', '志明', '淑芬', '家豪', '怡君', '冠宇', '佳穎', '俊傑', '美玲', '建宏', '欣怡', '宗翰', '郁婷', '承恩'];
const SURNAMES_EN: Record<string, string> = {
  陳: 'chen', 林: 'lin', 黃: 'huang', 張: 'chang', 李: 'lee', 王: 'wang', 吳: 'wu', 劉: 'liu', 蔡: 'tsai',
  楊: 'yang', 許: 'hsu', 鄭: 'cheng', 謝: 'hsieh', 郭: 'kuo', 洪: 'hung',
};
const GIVEN_EN: Record<string, string> = {
  雅婷: 'yating', 志明: 'chihming', 淑芬: 'shufen', 家豪: 'chiahao', 怡君: 'yichun', 冠宇: 'kuanyu', 佳穎: 'chiaying',
  俊傑: 'chunchieh', 美玲: 'meiling', 建宏: 'chienhung', 欣怡: 'hsinyi', 宗翰: 'tsunghan', 郁婷: 'yuting', 承恩: 'chengen',
};

interface ProductDef {
  zh: string;
  en: string;
  /** Pack variants: label, unit, a base price, and the quantity precision used for weight units. */
  packs: { label: string; unit: string; price: number; precision?: number }[];
}

const PACKS = {
  tea: [
    { label: '150g 罐裝', unit: '罐', price: 480 }, { label: '300g 袋裝', unit: '包', price: 850 },
    { label: '600g 禮盒', unit: '盒', price: 1680 }, { label: '散裝', unit: 'kg', price: 2400, precision: 3 },
    { label: '茶包 50入', unit: '盒', price: 320 }, { label: '整箱 12罐', unit: '箱', price: 5400 },
  ],
  drink: [
    { label: '600ml', unit: '瓶', price: 25 }, { label: '1250ml', unit: '瓶', price: 45 }, { label: '330ml 罐', unit: '罐', price: 20 },
    { label: '600ml×24 箱', unit: '箱', price: 540 }, { label: '330ml×24 箱', unit: '箱', price: 420 }, { label: '2L', unit: '瓶', price: 65 },
  ],
  snack: [
    { label: '小包 40g', unit: '包', price: 25 }, { label: '家庭號 300g', unit: '包', price: 129 }, { label: '禮盒 12入', unit: '盒', price: 360 },
    { label: '整箱 24包', unit: '箱', price: 540 }, { label: '量販 1kg', unit: '袋', price: 299 }, { label: '散裝秤重', unit: 'kg', price: 320, precision: 2 },
  ],
  sauce: [
    { label: '500ml', unit: '瓶', price: 85 }, { label: '1L', unit: '瓶', price: 150 }, { label: '5L 桶裝', unit: '桶', price: 620 },
    { label: '500ml×12 箱', unit: '箱', price: 960 }, { label: '18L 營業用', unit: '桶', price: 1850 }, { label: '300ml 玻璃瓶', unit: '瓶', price: 65 },
  ],
  dry: [
    { label: '1kg 袋裝', unit: '包', price: 95 }, { label: '3kg 袋裝', unit: '包', price: 260 }, { label: '30kg 營業用', unit: '袋', price: 2350 },
    { label: '散裝秤重', unit: 'kg', price: 90, precision: 1 }, { label: '600g 真空包', unit: '包', price: 120 }, { label: '整箱 10包', unit: '箱', price: 900 },
  ],
  frozen: [
    { label: '50粒裝', unit: '包', price: 199 }, { label: '100粒營業包', unit: '包', price: 360 }, { label: '1kg 真空', unit: '包', price: 420 },
    { label: '散裝秤重', unit: 'kg', price: 380, precision: 3 }, { label: '整箱 10包', unit: '箱', price: 1890 }, { label: '500g 盒裝', unit: '盒', price: 230 },
  ],
} satisfies Record<string, ProductDef['packs']>;

/** Two-level category tree: roots are not assignable; products sit under the children. */
const CATEGORY_TREE: { zh: string; en: string; children: { zh: string; en: string; packs: keyof typeof PACKS; products: [string, string][] }[] }[] = [
  {
    zh: '飲料', en: 'Beverages', children: [
      { zh: '茶類', en: 'Tea', packs: 'tea', products: [['阿里山高山烏龍茶', 'Alishan High Mountain Oolong'], ['日月潭紅茶', 'Sun Moon Lake Black Tea'], ['東方美人茶', 'Oriental Beauty Tea'], ['文山包種茶', 'Wenshan Baozhong Tea'], ['凍頂烏龍茶', 'Dongding Oolong'], ['鐵觀音', 'Tieguanyin'], ['三峽碧螺春', 'Sanxia Biluochun']] },
      { zh: '咖啡', en: 'Coffee', packs: 'tea', products: [['古坑咖啡豆', 'Gukeng Coffee Beans'], ['阿里山咖啡豆', 'Alishan Coffee Beans'], ['義式濃縮咖啡豆', 'Espresso Blend Beans'], ['耳掛式咖啡', 'Drip Bag Coffee']] },
      { zh: '果汁', en: 'Juice', packs: 'drink', products: [['芭樂汁', 'Guava Juice'], ['芒果汁', 'Mango Juice'], ['柳橙汁', 'Orange Juice'], ['蘋果西打', 'Apple Cider Soda'], ['檸檬汁', 'Lemon Juice'], ['甘蔗汁', 'Sugarcane Juice']] },
      { zh: '礦泉水', en: 'Water', packs: 'drink', products: [['台灣山泉水', 'Taiwan Spring Water'], ['海洋深層水', 'Deep Ocean Water'], ['氣泡礦泉水', 'Sparkling Mineral Water']] },
    ],
  },
  {
    zh: '零食', en: 'Snacks', children: [
      { zh: '餅乾', en: 'Biscuits', packs: 'snack', products: [['鳳梨酥', 'Pineapple Cake'], ['太陽餅', 'Suncake'], ['牛軋餅', 'Nougat Crackers'], ['蔥油餅乾', 'Scallion Crackers'], ['蛋捲', 'Egg Rolls']] },
      { zh: '糖果', en: 'Candy', packs: 'snack', products: [['牛軋糖', 'Nougat'], ['花生糖', 'Peanut Brittle'], ['黑糖薑母茶塊', 'Brown Sugar Ginger Cubes'], ['芝麻糖', 'Sesame Candy'], ['麥芽糖', 'Maltose Candy']] },
      { zh: '堅果', en: 'Nuts', packs: 'snack', products: [['蒜味花生', 'Garlic Peanuts'], ['綜合堅果', 'Mixed Nuts'], ['南瓜子', 'Pumpkin Seeds'], ['夏威夷果', 'Macadamia Nuts'], ['腰果', 'Cashews']] },
      { zh: '果乾', en: 'Dried Fruit', packs: 'snack', products: [['芒果乾', 'Dried Mango'], ['鳳梨乾', 'Dried Pineapple'], ['蜜餞李', 'Candied Plum']] },
    ],
  },
  {
    zh: '調味料', en: 'Condiments', children: [
      { zh: '醬油', en: 'Soy Sauce', packs: 'sauce', products: [['黑豆蔭油', 'Black Bean Soy Sauce'], ['薄鹽醬油', 'Low-sodium Soy Sauce'], ['醬油膏', 'Thick Soy Paste'], ['壺底油', 'Pot-bottom Soy Sauce']] },
      { zh: '醋', en: 'Vinegar', packs: 'sauce', products: [['烏醋', 'Black Vinegar'], ['糯米醋', 'Rice Vinegar'], ['水果醋', 'Fruit Vinegar']] },
      { zh: '油品', en: 'Cooking Oil', packs: 'sauce', products: [['黑麻油', 'Black Sesame Oil'], ['花生油', 'Peanut Oil'], ['苦茶油', 'Camellia Oil'], ['沙拉油', 'Salad Oil']] },
      { zh: '醬料', en: 'Sauces', packs: 'sauce', products: [['沙茶醬', 'Shacha Sauce'], ['辣豆瓣醬', 'Chili Bean Paste'], ['甜辣醬', 'Sweet Chili Sauce'], ['豆腐乳', 'Fermented Tofu']] },
    ],
  },
  {
    zh: '乾貨', en: 'Dry Goods', children: [
      { zh: '米', en: 'Rice', packs: 'dry', products: [['池上米', 'Chishang Rice'], ['台梗九號米', 'Taikeng No. 9 Rice'], ['糙米', 'Brown Rice'], ['圓糯米', 'Glutinous Rice']] },
      { zh: '麵條', en: 'Noodles', packs: 'dry', products: [['關廟麵', 'Guanmiao Noodles'], ['手工麵線', 'Handmade Vermicelli'], ['刀削麵', 'Knife-cut Noodles'], ['米粉', 'Rice Vermicelli'], ['冬粉', 'Glass Noodles']] },
      { zh: '南北貨', en: 'Dried Specialties', packs: 'dry', products: [['乾香菇', 'Dried Shiitake'], ['櫻花蝦', 'Sakura Shrimp'], ['金針花', 'Daylily Flowers'], ['紅棗', 'Red Dates'], ['枸杞', 'Goji Berries']] },
    ],
  },
  {
    zh: '冷凍食品', en: 'Frozen Foods', children: [
      { zh: '水餃', en: 'Dumplings', packs: 'frozen', products: [['高麗菜豬肉水餃', 'Cabbage Pork Dumplings'], ['韭菜水餃', 'Chive Dumplings'], ['鮮蝦餛飩', 'Shrimp Wontons'], ['小籠包', 'Soup Dumplings']] },
      { zh: '海鮮', en: 'Seafood', packs: 'frozen', products: [['白蝦', 'White Shrimp'], ['虱目魚肚', 'Milkfish Belly'], ['透抽', 'Squid'], ['鯖魚片', 'Mackerel Fillets']] },
      { zh: '點心', en: 'Dim Sum', packs: 'frozen', products: [['蘿蔔糕', 'Turnip Cake'], ['芋頭糕', 'Taro Cake'], ['珍珠丸子', 'Pearl Meatballs'], ['叉燒包', 'BBQ Pork Buns'], ['芝麻球', 'Sesame Balls']] },
    ],
  },
  {
    zh: '禮盒', en: 'Gift Boxes', children: [
      { zh: '節慶禮盒', en: 'Festival Gift Boxes', packs: 'snack', products: [] },
      { zh: '企業禮盒', en: 'Corporate Gift Boxes', packs: 'snack', products: [] },
    ],
  },
];

const WAREHOUSES = ['桃園大園倉', '新北五股倉', '臺中烏日倉', '高雄岡山倉', '冷凍一倉（桃園）'];

const BUNDLE_THEMES: [string, string][] = [
  ['春節', 'Lunar New Year'], ['中秋', 'Mid-Autumn'], ['端午', 'Dragon Boat'], ['感恩', 'Thank-you'],
  ['尾牙', 'Year-end Banquet'], ['母親節', "Mother's Day"], ['父親節', "Father's Day"], ['開工', 'New Year Kick-off'],
];
const BUNDLE_KINDS: [string, string][] = [
  ['茗茶禮盒', 'Tea Gift Box'], ['伴手禮盒', 'Souvenir Box'], ['團圓禮籃', 'Reunion Hamper'], ['調味料組', 'Condiment Set'],
  ['堅果禮盒', 'Nut Gift Box'], ['好禮組合', 'Gift Set'], ['料理組合', 'Cooking Kit'], ['零嘴箱', 'Snack Crate'],
];

// ---------------------------------------------------------------- builders

interface Counters {
  role: number;
  user: number;
  category: number;
  company: number;
  product: number;
  sku: number;
}

function formosa(rng: Rng, ids: Counters): Tenant {
  const roles = [
    { id: ++ids.role, name: 'System administrator', isAdmin: true },
    { id: ++ids.role, name: 'Sales', isAdmin: false },
    { id: ++ids.role, name: 'Warehouse', isAdmin: false },
  ];
  const [adminRole, salesRole, warehouseRole] = roles.map((r) => r.id) as [number, number, number];

  // ---- internal users: one admin, salespeople (one default, one who left), warehouse staff
  const internalUsers: Tenant['internalUsers'] = [];
  const usedAccounts = new Set<string>();
  const person = () => {
    for (;;) {
      const s = rng.pick(SURNAMES);
      const g = rng.pick(GIVEN);
      const account = `${SURNAMES_EN[s]}.${GIVEN_EN[g]}`;
      if (usedAccounts.has(account)) continue;
      usedAccounts.add(account);
      return { name: s + g, account };
    }
  };
  internalUsers.push({
    id: ++ids.user, account: 'admin', name: '系統管理員 Admin', email: 'it@formosa-food.com.tw', password: DEMO_PASSWORD,
    roleId: adminRole, status: 'Active', outerSysCode: 'E0001', defaultSalesperson: false,
  });
  usedAccounts.add('admin');
  const roleSequence: [number, 'Active' | 'Inactive'][] = [
    ...Array.from({ length: 8 }, () => [salesRole, 'Active'] as [number, 'Active']),
    [salesRole, 'Inactive'],
    [warehouseRole, 'Active'],
    [warehouseRole, 'Active'],
  ];
  for (const [roleId, status] of roleSequence) {
    const p = person();
    internalUsers.push({
      id: ++ids.user, account: p.account, name: p.name, email: `${p.account}@formosa-food.com.tw`, password: DEMO_PASSWORD,
      roleId, status, outerSysCode: `E${pad(ids.user, 4)}`, defaultSalesperson: false,
    });
  }
  const salespeople = internalUsers.filter((u) => u.roleId === salesRole && u.status === 'Active');
  (salespeople[0] as (typeof internalUsers)[number]).defaultSalesperson = true;
  const formerSales = internalUsers.find((u) => u.roleId === salesRole && u.status === 'Inactive');

  // ---- categories
  const productCategories: Tenant['productCategories'] = [];
  const leaves: { id: number; packs: keyof typeof PACKS; products: [string, string][]; gift: boolean }[] = [];
  for (const root of CATEGORY_TREE) {
    const rootId = ++ids.category;
    productCategories.push({ id: rootId, name: `${root.zh} ${root.en}`, parentId: null });
    for (const child of root.children) {
      const id = ++ids.category;
      productCategories.push({ id, name: `${child.zh} ${child.en}`, parentId: rootId });
      leaves.push({ id, packs: child.packs, products: child.products, gift: root.en === 'Gift Boxes' });
    }
  }

  // ---- companies
  const companies: Tenant['companies'] = [];
  const usedNames = new Set<string>();
  for (let n = 1; n <= 220; n++) {
    const city = rng.pick(CITIES);
    const [distZh, distEn] = rng.pick(city.districts);
    const [streetZh, streetEn] = rng.pick(STREETS);
    const sec = rng.chance(0.4) ? rng.int(1, 4) : 0;
    const no = rng.int(1, 388);
    const floor = rng.chance(0.3) ? rng.int(1, 12) : 0;
    const english = rng.chance(0.12);
    let name: string;
    let shortName: string;
    if (english) {
      const base = rng.pick(ENGLISH_COMPANIES);
      name = usedNames.has(base) ? `${base.replace(/,? (Co\.,? )?Ltd\.$|,? Co\.$/, '')} - ${distEn.replace(/ (Dist|Twp)\.$/, '')}` : base;
      shortName = fit(LIMITS.company.shortName, base.split(' ').slice(0, 2).join(' '), base.split(' ')[0] ?? base);
    } else {
      const stem = rng.pick(NAME_STEMS);
      const [kindZh] = rng.pick(NAME_KINDS);
      const form = rng.pick(COMPANY_FORMS);
      name = `${stem}${kindZh}${form}`;
      if (usedNames.has(name)) name = `${stem}${kindZh}${distZh.replace(/[區市鎮鄉]$/, '')}店`;
      shortName = `${stem}${kindZh}`.slice(0, LIMITS.company.shortName);
    }
    if (usedNames.has(name)) name = `${name} ${n}`;
    usedNames.add(name);
    const secZh = sec ? `${SECTIONS[sec - 1]}段` : '';
    const secEn = sec ? `Sec. ${sec}, ` : '';
    const shippingAddress = english
      ? fit(
          LIMITS.company.shippingAddress,
          `${floor ? `${floor}F., ` : ''}No. ${no}, ${secEn}${streetEn}, ${distEn}, ${city.en}`,
          `No. ${no}, ${secEn}${streetEn}, ${distEn}, ${city.en}`,
          `No. ${no}, ${streetEn}, ${city.en}`,
        )
      : fit(LIMITS.company.shippingAddress, `${city.zh}${distZh}${streetZh}${secZh}${no}號${floor ? `${floor}樓` : ''}`);
    const cellPhone = rng.chance(0.5)
      ? `09${rng.int(10, 89)}-${pad(rng.int(0, 999), 3)}-${pad(rng.int(0, 999), 3)}`
      : `(${city.area})${rng.int(2000, 2999)}-${pad(rng.int(0, 9999), 4)}`;
    const owner = n % 37 === 0 && formerSales ? formerSales : rng.pick(salespeople);
    companies.push({
      id: ++ids.company,
      outerSysCode: `C${pad(n, 5)}`,
      name: fit(LIMITS.company.name, name),
      shortName,
      cellPhone,
      shippingAddress,
      internalUserId: owner.id,
      status: rng.chance(0.06) ? 'Inactive' : 'Active',
    });
  }

  // ---- products and SKUs: 80 products, 500 SKUs spread over them
  const products: Tenant['products'] = [];
  const skus: Tenant['skus'] = [];
  const productLeaves = leaves.filter((l) => !l.gift);
  const productDefs = productLeaves.flatMap((leaf) => leaf.products.map(([zh, en]) => ({ leaf, zh, en })));
  if (productDefs.length < 80) throw new Error(`only ${productDefs.length} product names; need 80`);
  const chosen = productDefs.slice(0, 80);
  // 500 SKUs over 80 products: every product gets 6, and 20 products get a seventh (a regional edition).
  const seventh = new Set(rng.shuffle(chosen.map((_, i) => i)).slice(0, 20));
  let barcodeBody = 100000;
  chosen.forEach((def, i) => {
    const productId = ++ids.product;
    const status = i % 29 === 7 ? 'InactiveVisible' : i % 31 === 13 ? 'Inactive' : 'Active';
    products.push({
      id: productId,
      outerSysCode: `P${pad(i + 1, 4)}`,
      name: fit(LIMITS.product.name, `${def.zh} ${def.en}`),
      productCategoryId: def.leaf.id,
      status,
    });
    const packs: ProductDef['packs'] = [...PACKS[def.leaf.packs]];
    if (seventh.has(i)) packs.push({ ...packs[0]!, label: `${packs[0]!.label} 限定版` });
    packs.forEach((pack, j) => {
      const precision = pack.unit === 'kg' ? (pack.precision ?? 2) : 0;
      const priceBase = pack.price * (0.8 + rng.next() * 0.5);
      const price = round(priceBase, pack.unit === 'kg' ? 2 : 0);
      const sellPrice = round(price * (0.82 + rng.next() * 0.12), pack.unit === 'kg' ? 2 : 0);
      let inventoryQty = precision > 0 ? round(rng.next() * 800, precision) : rng.int(0, 1200);
      if (rng.chance(0.08)) inventoryQty = 0;
      const reservedQty = rng.chance(0.35) ? round(Math.min(inventoryQty, rng.next() * inventoryQty * 0.4 + 1), precision) : 0;
      const skuStatus = status === 'Active' ? (rng.chance(0.05) ? 'Inactive' : 'Active') : 'Inactive';
      skus.push({
        id: ++ids.sku,
        productId,
        outerSysCode: `S${pad(i + 1, 4)}-${pad(j + 1, 2)}`,
        name: fit(LIMITS.sku.name, `${def.zh} ${pack.label}`),
        barcode: rng.chance(0.9) ? ean13(barcodeBody++) : '',
        warehouse: def.leaf.packs === 'frozen' ? '冷凍一倉（桃園）' : rng.pick(WAREHOUSES.slice(0, 4)),
        unit: pack.unit,
        spec: fit(LIMITS.sku.spec, pack.label),
        price,
        sellPrice,
        quantityPrecision: precision,
        status: skuStatus,
        inventoryQty,
        reservedQty,
        // SKUs keyed in by the legacy POS channel kept the database default (contract §4).
        allowNegativeStock: rng.chance(0.03),
      });
    });
  });
  if (skus.length !== 500) throw new Error(`expected 500 SKUs, got ${skus.length}`);

  // ---- bundles: 30 gift boxes of 2 to 5 active components, fractional quantities for weighed goods
  const bundles: Tenant['bundles'] = [];
  // Gift boxes hold retail packs, not cases or drums.
  const activeSkus = skus.filter((s) => s.status === 'Active' && s.unit !== '箱' && s.unit !== '桶');
  // The house pineapple cake goes into every fifth box, so the component filter has a SKU used by many bundles.
  const signature = activeSkus.find((s) => s.name?.startsWith('鳳梨酥')) as Sku;
  const giftLeaves = leaves.filter((l) => l.gift);
  const usedBundleNames = new Set<string>();
  for (let b = 1; b <= 30; b++) {
    let zh: string;
    let en: string;
    do {
      const [tZh, tEn] = rng.pick(BUNDLE_THEMES);
      const [kZh, kEn] = rng.pick(BUNDLE_KINDS);
      zh = `${tZh}${kZh}`;
      en = `${tEn} ${kEn}`;
    } while (usedBundleNames.has(zh));
    usedBundleNames.add(zh);
    const count = rng.int(2, 5);
    const parts = rng.shuffle(activeSkus.filter((s) => s !== signature)).slice(0, count);
    if (b % 5 === 0) parts[0] = signature;
    const components = parts.map((part, k) => ({
      componentSkuId: part.id,
      quantity: quantityFor(rng, part),
      sort: (k + 1) * 10,
    }));
    const listPrice = round(parts.reduce((sum, p, k) => sum + p.sellPrice * (components[k]?.quantity ?? 1), 0) * 1.1, 0);
    bundles.push({
      id: ++ids.product,
      skuId: ++ids.sku,
      outerSysCode: `B${pad(b, 4)}`,
      name: fit(LIMITS.bundle.name, `${zh} ${en}`),
      productCategoryId: (b % 3 === 0 ? giftLeaves[1] : giftLeaves[0])!.id,
      status: b === 29 ? 'InactiveVisible' : b === 30 ? 'Inactive' : 'Active',
      unit: '盒',
      spec: fit(LIMITS.bundle.spec, `${count} 件組`),
      barcode: ean13(barcodeBody++),
      warehouse: '桃園大園倉',
      price: Math.min(listPrice, 9_999_999.99),
      sellPrice: round(Math.min(listPrice, 9_999_999.99) * 0.9, 0),
      quantityPrecision: 0,
      components,
    });
  }

  // ---- quotas: credit for ~70% of companies (some over their limit), points for ~55%
  const creditQuotas: Tenant['creditQuotas'] = [];
  const pointQuotas: Tenant['pointQuotas'] = [];
  const MEMOS = ['月結30天', '月結60天', '貨到付款', '季結，需主管核准', 'Net 30', '新客戶試用額度', '信用額度年度調整', ''];
  for (const c of companies) {
    if (rng.chance(0.7)) {
      const creditAmount = rng.int(5, 200) * 10_000;
      const over = rng.chance(0.08);
      const pendingAmount = over
        ? round(creditAmount * (1.02 + rng.next() * 0.3), 2)
        : rng.chance(0.6) ? round(creditAmount * rng.next() * 0.9, 2) : 0;
      creditQuotas.push({ companyId: c.id, creditAmount, pendingAmount, enabled: !rng.chance(0.1), memo: rng.pick(MEMOS) });
    }
    if (rng.chance(0.55)) {
      pointQuotas.push({
        companyId: c.id,
        balance: rng.chance(0.1) ? 0 : round(rng.int(0, 50_000) + (rng.chance(0.3) ? rng.int(0, 99) / 100 : 0), 2),
        enabled: !rng.chance(0.15),
        memo: rng.chance(0.3) ? rng.pick(['年度回饋點數', '新春加碼', 'VIP 會員', 'Loyalty programme']) : '',
      });
    }
  }

  const getOperations = OPERATIONS.filter((op) => op.startsWith('GET '));
  return {
    key: 'formosa',
    name: '福爾摩沙食品貿易 Formosa Food Trading',
    credentials: [
      { clientId: 'demo-erp', secret: 'demo-erp-secret', status: 'active', operations: '*' },
      { clientId: 'demo-reader', secret: 'demo-reader-secret', status: 'active', operations: [...getOperations] },
      { clientId: 'demo-pending', secret: 'demo-pending-secret', status: 'pending', operations: '*' },
    ],
    roles,
    internalUsers,
    productCategories,
    companies,
    products,
    skus,
    bundles,
    creditQuotas,
    pointQuotas,
  };
}

/** A per-bundle quantity: whole units for counted goods, 0.5/0.25/… for goods sold by weight. */
function quantityFor(rng: Rng, part: Sku): number {
  if (part.quantityPrecision > 0) return rng.pick([0.25, 0.5, 0.5, 0.75, 1.2, 1.5]);
  return rng.pick([1, 1, 1, 2, 2, 3]);
}

function acme(ids: Counters): Tenant {
  const admin = ++ids.role;
  const sales = ++ids.role;
  const u1 = ++ids.user;
  const u2 = ++ids.user;
  const u3 = ++ids.user;
  const root = ++ids.category;
  const food = ++ids.category;
  const companies: Tenant['companies'] = [
    ['A001', 'Acme Corner Store', 'Corner Store', '+1 555 0100', '12 Main St, Springfield'],
    ['A002', 'Roadrunner Diner', 'Roadrunner', '+1 555 0101', '400 Desert Hwy, Tucson AZ'],
    ['A003', 'Coyote Supplies', 'Coyote', '+1 555 0102', '7 Canyon Rd, Flagstaff AZ'],
    ['A004', 'Mesa Grocers', 'Mesa', '+1 555 0103', '88 Mesa Blvd, Phoenix AZ'],
    ['A005', 'Tumbleweed Cafe', 'Tumbleweed', '+1 555 0104', '3 Dust Ln, Yuma AZ'],
  ].map(([code, name, shortName, cellPhone, shippingAddress], i) => ({
    id: ++ids.company, outerSysCode: code!, name: name!, shortName: shortName!, cellPhone: cellPhone!, shippingAddress: shippingAddress!,
    internalUserId: i % 2 === 0 ? u2 : u3, status: 'Active' as const,
  }));
  const products: Tenant['products'] = [
    { id: ++ids.product, outerSysCode: 'AP01', name: 'Rocket Oats', productCategoryId: food, status: 'Active' },
    { id: ++ids.product, outerSysCode: 'AP02', name: 'Anvil Coffee', productCategoryId: food, status: 'Active' },
    { id: ++ids.product, outerSysCode: 'AP03', name: 'Desert Honey', productCategoryId: food, status: 'Active' },
  ];
  const skuRows: [number, string, string, string, number, number, number][] = [
    // product index, code, name, unit, precision, inventory, reserved
    [0, 'AS01', 'Rocket Oats 500 g', 'bag', 0, 240, 10],
    [0, 'AS02', 'Rocket Oats bulk', 'kg', 2, 120.5, 0],
    [1, 'AS03', 'Anvil Coffee 250 g', 'bag', 0, 80, 5],
    [1, 'AS04', 'Anvil Coffee 1 kg', 'bag', 0, 30, 0],
    [1, 'AS05', 'Anvil Coffee bulk', 'kg', 3, 45.25, 2.5],
    [2, 'AS06', 'Desert Honey 350 g', 'jar', 0, 150, 20],
    [2, 'AS07', 'Desert Honey 1 kg', 'jar', 0, 60, 0],
    [2, 'AS08', 'Desert Honey bulk', 'kg', 1, 18.5, 0],
  ];
  const skus: Tenant['skus'] = skuRows.map(([p, code, name, unit, precision, inventoryQty, reservedQty], i) => ({
    id: ++ids.sku, productId: products[p]!.id, outerSysCode: code, name, barcode: `00012345${pad(i, 5)}`, warehouse: 'Main',
    unit, spec: '', price: 10 + i * 3, sellPrice: 9 + i * 3, quantityPrecision: precision, status: 'Active', inventoryQty, reservedQty,
    allowNegativeStock: false,
  }));
  const sku = (k: number) => skus[k]!.id;
  const bundles: Tenant['bundles'] = [
    {
      id: ++ids.product, skuId: ++ids.sku, outerSysCode: 'AB01', name: 'Breakfast Box', productCategoryId: food, status: 'Active',
      unit: 'box', spec: '', barcode: '', warehouse: 'Main', price: 49, sellPrice: 45, quantityPrecision: 0,
      components: [{ componentSkuId: sku(0), quantity: 2, sort: 1 }, { componentSkuId: sku(2), quantity: 1, sort: 2 }, { componentSkuId: sku(5), quantity: 1, sort: 3 }],
    },
    {
      id: ++ids.product, skuId: ++ids.sku, outerSysCode: 'AB02', name: 'Bulk Sampler', productCategoryId: food, status: 'Active',
      unit: 'box', spec: '', barcode: '', warehouse: 'Main', price: 30, sellPrice: 27, quantityPrecision: 0,
      components: [{ componentSkuId: sku(1), quantity: 0.5, sort: 1 }, { componentSkuId: sku(4), quantity: 0.25, sort: 2 }],
    },
  ];
  return {
    key: 'acme',
    name: 'Acme Trading',
    credentials: [{ clientId: 'acme-erp', secret: 'acme-erp-secret', status: 'active', operations: '*' }],
    roles: [
      { id: admin, name: 'System administrator', isAdmin: true },
      { id: sales, name: 'Sales', isAdmin: false },
    ],
    internalUsers: [
      { id: u1, account: 'admin', name: 'Wile E. Admin', email: 'admin@acme.example', password: DEMO_PASSWORD, roleId: admin, status: 'Active', outerSysCode: 'AE01', defaultSalesperson: false },
      { id: u2, account: 'road.runner', name: 'Road Runner', email: 'rr@acme.example', password: DEMO_PASSWORD, roleId: sales, status: 'Active', outerSysCode: 'AE02', defaultSalesperson: true },
      { id: u3, account: 'wile.coyote', name: 'Wile E. Coyote', email: 'coyote@acme.example', password: DEMO_PASSWORD, roleId: sales, status: 'Active', outerSysCode: 'AE03', defaultSalesperson: false },
    ],
    productCategories: [
      { id: root, name: 'Groceries', parentId: null },
      { id: food, name: 'Pantry', parentId: root },
    ],
    companies,
    products,
    skus,
    bundles,
    creditQuotas: [
      { companyId: companies[0]!.id, creditAmount: 5000, pendingAmount: 1200, enabled: true, memo: 'Net 30' },
      { companyId: companies[1]!.id, creditAmount: 1000, pendingAmount: 1500.5, enabled: true, memo: 'Over limit' },
    ],
    pointQuotas: [{ companyId: companies[0]!.id, balance: 300, enabled: true, memo: '' }],
  };
}

export function generateDemoSeed(): SeedFile {
  const rng = prng(20260921);
  const ids: Counters = { role: 0, user: 0, category: 0, company: 0, product: 0, sku: 0 };
  const seed = { tenants: [formosa(rng, ids), acme(ids)] };
  const parsed = seedFile.safeParse(seed);
  if (!parsed.success) throw new Error(`generated seed is invalid:\n${describeSeedError(parsed.error)}`);
  return seed;
}

export function serialiseSeed(seed: SeedFile): string {
  return `${JSON.stringify(seed, null, 1)}\n`;
}

export const DEMO_SEED_PATH = fileURLToPath(new URL('./demo.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = serialiseSeed(generateDemoSeed());
  if (process.argv.includes('--check')) {
    const current = readFileSync(DEMO_SEED_PATH, 'utf8');
    if (current !== text) {
      console.error('service/seed/demo.json is out of date: run npx tsx service/seed/generate-demo.ts');
      process.exit(1);
    }
    console.log('demo.json is up to date');
  } else {
    writeFileSync(DEMO_SEED_PATH, text);
    console.log(`wrote ${DEMO_SEED_PATH} (${(Buffer.byteLength(text) / 1024).toFixed(0)} KiB)`);
  }
}
