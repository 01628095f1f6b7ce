/** The demo seed's word lists and catalogue (a data table): names, streets, products and packs of formosa. */

export const CITIES: { zh: string; en: string; districts: [string, string][]; area: string }[] = [
  {
    zh: '臺北市',
    en: 'Taipei City',
    area: '02',
    districts: [
      ['中山區', 'Zhongshan Dist.'],
      ['大安區', "Da'an Dist."],
      ['信義區', 'Xinyi Dist.'],
      ['內湖區', 'Neihu Dist.'],
      ['士林區', 'Shilin Dist.'],
      ['萬華區', 'Wanhua Dist.'],
    ],
  },
  {
    zh: '新北市',
    en: 'New Taipei City',
    area: '02',
    districts: [
      ['板橋區', 'Banqiao Dist.'],
      ['三重區', 'Sanchong Dist.'],
      ['新莊區', 'Xinzhuang Dist.'],
      ['中和區', 'Zhonghe Dist.'],
      ['五股區', 'Wugu Dist.'],
    ],
  },
  {
    zh: '桃園市',
    en: 'Taoyuan City',
    area: '03',
    districts: [
      ['桃園區', 'Taoyuan Dist.'],
      ['中壢區', 'Zhongli Dist.'],
      ['龜山區', 'Guishan Dist.'],
      ['八德區', 'Bade Dist.'],
    ],
  },
  {
    zh: '新竹市',
    en: 'Hsinchu City',
    area: '03',
    districts: [
      ['東區', 'East Dist.'],
      ['北區', 'North Dist.'],
    ],
  },
  {
    zh: '臺中市',
    en: 'Taichung City',
    area: '04',
    districts: [
      ['西屯區', 'Xitun Dist.'],
      ['北屯區', 'Beitun Dist.'],
      ['南屯區', 'Nantun Dist.'],
      ['豐原區', 'Fengyuan Dist.'],
      ['大里區', 'Dali Dist.'],
    ],
  },
  {
    zh: '彰化縣',
    en: 'Changhua County',
    area: '04',
    districts: [
      ['彰化市', 'Changhua City'],
      ['員林市', 'Yuanlin City'],
      ['鹿港鎮', 'Lukang Twp.'],
    ],
  },
  {
    zh: '嘉義市',
    en: 'Chiayi City',
    area: '05',
    districts: [
      ['東區', 'East Dist.'],
      ['西區', 'West Dist.'],
    ],
  },
  {
    zh: '臺南市',
    en: 'Tainan City',
    area: '06',
    districts: [
      ['東區', 'East Dist.'],
      ['中西區', 'West Central Dist.'],
      ['永康區', 'Yongkang Dist.'],
      ['安平區', 'Anping Dist.'],
    ],
  },
  {
    zh: '高雄市',
    en: 'Kaohsiung City',
    area: '07',
    districts: [
      ['苓雅區', 'Lingya Dist.'],
      ['三民區', 'Sanmin Dist.'],
      ['左營區', 'Zuoying Dist.'],
      ['鳳山區', 'Fengshan Dist.'],
      ['前鎮區', 'Qianzhen Dist.'],
    ],
  },
  {
    zh: '屏東縣',
    en: 'Pingtung County',
    area: '08',
    districts: [
      ['屏東市', 'Pingtung City'],
      ['潮州鎮', 'Chaozhou Twp.'],
    ],
  },
  {
    zh: '宜蘭縣',
    en: 'Yilan County',
    area: '03',
    districts: [
      ['宜蘭市', 'Yilan City'],
      ['羅東鎮', 'Luodong Twp.'],
    ],
  },
  {
    zh: '花蓮縣',
    en: 'Hualien County',
    area: '03',
    districts: [
      ['花蓮市', 'Hualien City'],
      ['吉安鄉', "Ji'an Twp."],
    ],
  },
];

export const STREETS: [string, string][] = [
  ['中山路', 'Zhongshan Rd.'],
  ['中正路', 'Zhongzheng Rd.'],
  ['民生路', 'Minsheng Rd.'],
  ['民權路', 'Minquan Rd.'],
  ['復興路', 'Fuxing Rd.'],
  ['建國路', 'Jianguo Rd.'],
  ['光復路', 'Guangfu Rd.'],
  ['成功路', 'Chenggong Rd.'],
  ['文化路', 'Wenhua Rd.'],
  ['和平路', 'Heping Rd.'],
  ['信義路', 'Xinyi Rd.'],
  ['仁愛路', "Ren'ai Rd."],
  ['忠孝路', 'Zhongxiao Rd.'],
  ['自由路', 'Ziyou Rd.'],
  ['公園路', 'Gongyuan Rd.'],
  ['大同路', 'Datong Rd.'],
  ['三民路', 'Sanmin Rd.'],
  ['南京東路', 'Nanjing E. Rd.'],
  ['博愛路', "Bo'ai Rd."],
  ['林森路', 'Linsen Rd.'],
];
export const SECTIONS = ['一', '二', '三', '四'];

export const NAME_STEMS = [
  '永興',
  '大同',
  '順發',
  '金源',
  '合興',
  '新利',
  '福昌',
  '長榮',
  '吉祥',
  '萬豐',
  '聯華',
  '裕隆',
  '東昇',
  '全美',
  '好鄰居',
  '阿里山',
  '日月',
  '美廉',
  '家樂',
  '興旺',
  '寶島',
  '鴻運',
  '三商',
  '天成',
  '旺來',
  '瑞豐',
  '信達',
  '誠品',
  '和泰',
  '富貴',
  '明德',
  '正大',
  '協和',
  '嘉新',
  '德昌',
  '宏益',
  '源順',
  '益民',
  '新東陽',
  '九如',
];
export const NAME_KINDS = [
  ['食品行', 'Food Store'],
  ['商行', 'Trading'],
  ['超市', 'Supermarket'],
  ['便利商店', 'Convenience Store'],
  ['餐飲', 'Catering'],
  ['雜貨店', 'Grocery'],
  ['生鮮超市', 'Fresh Market'],
  ['茶行', 'Tea House'],
  ['烘焙坊', 'Bakery'],
  ['飯店', 'Hotel'],
  ['量販店', 'Hypermarket'],
  ['團膳', 'Institutional Catering'],
] as const;
export const COMPANY_FORMS = ['有限公司', '股份有限公司', '', ''];
export const ENGLISH_COMPANIES = [
  'Pacific Rim Foods Co., Ltd.',
  'Island Fresh Trading Co.',
  'Harbour Lights Hotel',
  'Green Leaf Cafe Group',
  'Sunrise Bakery Ltd.',
  'Golden Dragon Restaurants',
  'Blue Ocean Seafood Co.',
  'Taipei International School',
  'Summit Catering Services',
  'Jade Garden Hotel Group',
  'Orchid Airways Inflight',
  'Evergreen Office Pantry',
];

export const SURNAMES = ['陳', '林', '黃', '張', '李', '王', '吳', '劉', '蔡', '楊', '許', '鄭', '謝', '郭', '洪'];
export const GIVEN = [
  '雅婷',
  '志明',
  '淑芬',
  '家豪',
  '怡君',
  '冠宇',
  '佳穎',
  '俊傑',
  '美玲',
  '建宏',
  '欣怡',
  '宗翰',
  '郁婷',
  '承恩',
];
export const SURNAMES_EN: Record<string, string> = {
  陳: 'chen',
  林: 'lin',
  黃: 'huang',
  張: 'chang',
  李: 'lee',
  王: 'wang',
  吳: 'wu',
  劉: 'liu',
  蔡: 'tsai',
  楊: 'yang',
  許: 'hsu',
  鄭: 'cheng',
  謝: 'hsieh',
  郭: 'kuo',
  洪: 'hung',
};
export const GIVEN_EN: Record<string, string> = {
  雅婷: 'yating',
  志明: 'chihming',
  淑芬: 'shufen',
  家豪: 'chiahao',
  怡君: 'yichun',
  冠宇: 'kuanyu',
  佳穎: 'chiaying',
  俊傑: 'chunchieh',
  美玲: 'meiling',
  建宏: 'chienhung',
  欣怡: 'hsinyi',
  宗翰: 'tsunghan',
  郁婷: 'yuting',
  承恩: 'chengen',
};

export interface ProductDef {
  zh: string;
  en: string;
  /** Pack variants: label, unit, a base price, and the quantity precision used for weight units. */
  packs: { label: string; unit: string; price: number; precision?: number }[];
}

export const PACKS = {
  tea: [
    { label: '150g 罐裝', unit: '罐', price: 480 },
    { label: '300g 袋裝', unit: '包', price: 850 },
    { label: '600g 禮盒', unit: '盒', price: 1680 },
    { label: '散裝', unit: 'kg', price: 2400, precision: 3 },
    { label: '茶包 50入', unit: '盒', price: 320 },
    { label: '整箱 12罐', unit: '箱', price: 5400 },
  ],
  drink: [
    { label: '600ml', unit: '瓶', price: 25 },
    { label: '1250ml', unit: '瓶', price: 45 },
    { label: '330ml 罐', unit: '罐', price: 20 },
    { label: '600ml×24 箱', unit: '箱', price: 540 },
    { label: '330ml×24 箱', unit: '箱', price: 420 },
    { label: '2L', unit: '瓶', price: 65 },
  ],
  snack: [
    { label: '小包 40g', unit: '包', price: 25 },
    { label: '家庭號 300g', unit: '包', price: 129 },
    { label: '禮盒 12入', unit: '盒', price: 360 },
    { label: '整箱 24包', unit: '箱', price: 540 },
    { label: '量販 1kg', unit: '袋', price: 299 },
    { label: '散裝秤重', unit: 'kg', price: 320, precision: 2 },
  ],
  sauce: [
    { label: '500ml', unit: '瓶', price: 85 },
    { label: '1L', unit: '瓶', price: 150 },
    { label: '5L 桶裝', unit: '桶', price: 620 },
    { label: '500ml×12 箱', unit: '箱', price: 960 },
    { label: '18L 營業用', unit: '桶', price: 1850 },
    { label: '300ml 玻璃瓶', unit: '瓶', price: 65 },
  ],
  dry: [
    { label: '1kg 袋裝', unit: '包', price: 95 },
    { label: '3kg 袋裝', unit: '包', price: 260 },
    { label: '30kg 營業用', unit: '袋', price: 2350 },
    { label: '散裝秤重', unit: 'kg', price: 90, precision: 1 },
    { label: '600g 真空包', unit: '包', price: 120 },
    { label: '整箱 10包', unit: '箱', price: 900 },
  ],
  frozen: [
    { label: '50粒裝', unit: '包', price: 199 },
    { label: '100粒營業包', unit: '包', price: 360 },
    { label: '1kg 真空', unit: '包', price: 420 },
    { label: '散裝秤重', unit: 'kg', price: 380, precision: 3 },
    { label: '整箱 10包', unit: '箱', price: 1890 },
    { label: '500g 盒裝', unit: '盒', price: 230 },
  ],
} satisfies Record<string, ProductDef['packs']>;

/** Two-level category tree: roots are not assignable; products sit under the children. */
export const CATEGORY_TREE: {
  zh: string;
  en: string;
  children: { zh: string; en: string; packs: keyof typeof PACKS; products: [string, string][] }[];
}[] = [
  {
    zh: '飲料',
    en: 'Beverages',
    children: [
      {
        zh: '茶類',
        en: 'Tea',
        packs: 'tea',
        products: [
          ['阿里山高山烏龍茶', 'Alishan High Mountain Oolong'],
          ['日月潭紅茶', 'Sun Moon Lake Black Tea'],
          ['東方美人茶', 'Oriental Beauty Tea'],
          ['文山包種茶', 'Wenshan Baozhong Tea'],
          ['凍頂烏龍茶', 'Dongding Oolong'],
          ['鐵觀音', 'Tieguanyin'],
          ['三峽碧螺春', 'Sanxia Biluochun'],
        ],
      },
      {
        zh: '咖啡',
        en: 'Coffee',
        packs: 'tea',
        products: [
          ['古坑咖啡豆', 'Gukeng Coffee Beans'],
          ['阿里山咖啡豆', 'Alishan Coffee Beans'],
          ['義式濃縮咖啡豆', 'Espresso Blend Beans'],
          ['耳掛式咖啡', 'Drip Bag Coffee'],
        ],
      },
      {
        zh: '果汁',
        en: 'Juice',
        packs: 'drink',
        products: [
          ['芭樂汁', 'Guava Juice'],
          ['芒果汁', 'Mango Juice'],
          ['柳橙汁', 'Orange Juice'],
          ['蘋果西打', 'Apple Cider Soda'],
          ['檸檬汁', 'Lemon Juice'],
          ['甘蔗汁', 'Sugarcane Juice'],
        ],
      },
      {
        zh: '礦泉水',
        en: 'Water',
        packs: 'drink',
        products: [
          ['台灣山泉水', 'Taiwan Spring Water'],
          ['海洋深層水', 'Deep Ocean Water'],
          ['氣泡礦泉水', 'Sparkling Mineral Water'],
        ],
      },
    ],
  },
  {
    zh: '零食',
    en: 'Snacks',
    children: [
      {
        zh: '餅乾',
        en: 'Biscuits',
        packs: 'snack',
        products: [
          ['鳳梨酥', 'Pineapple Cake'],
          ['太陽餅', 'Suncake'],
          ['牛軋餅', 'Nougat Crackers'],
          ['蔥油餅乾', 'Scallion Crackers'],
          ['蛋捲', 'Egg Rolls'],
        ],
      },
      {
        zh: '糖果',
        en: 'Candy',
        packs: 'snack',
        products: [
          ['牛軋糖', 'Nougat'],
          ['花生糖', 'Peanut Brittle'],
          ['黑糖薑母茶塊', 'Brown Sugar Ginger Cubes'],
          ['芝麻糖', 'Sesame Candy'],
          ['麥芽糖', 'Maltose Candy'],
        ],
      },
      {
        zh: '堅果',
        en: 'Nuts',
        packs: 'snack',
        products: [
          ['蒜味花生', 'Garlic Peanuts'],
          ['綜合堅果', 'Mixed Nuts'],
          ['南瓜子', 'Pumpkin Seeds'],
          ['夏威夷果', 'Macadamia Nuts'],
          ['腰果', 'Cashews'],
        ],
      },
      {
        zh: '果乾',
        en: 'Dried Fruit',
        packs: 'snack',
        products: [
          ['芒果乾', 'Dried Mango'],
          ['鳳梨乾', 'Dried Pineapple'],
          ['蜜餞李', 'Candied Plum'],
        ],
      },
    ],
  },
  {
    zh: '調味料',
    en: 'Condiments',
    children: [
      {
        zh: '醬油',
        en: 'Soy Sauce',
        packs: 'sauce',
        products: [
          ['黑豆蔭油', 'Black Bean Soy Sauce'],
          ['薄鹽醬油', 'Low-sodium Soy Sauce'],
          ['醬油膏', 'Thick Soy Paste'],
          ['壺底油', 'Pot-bottom Soy Sauce'],
        ],
      },
      {
        zh: '醋',
        en: 'Vinegar',
        packs: 'sauce',
        products: [
          ['烏醋', 'Black Vinegar'],
          ['糯米醋', 'Rice Vinegar'],
          ['水果醋', 'Fruit Vinegar'],
        ],
      },
      {
        zh: '油品',
        en: 'Cooking Oil',
        packs: 'sauce',
        products: [
          ['黑麻油', 'Black Sesame Oil'],
          ['花生油', 'Peanut Oil'],
          ['苦茶油', 'Camellia Oil'],
          ['沙拉油', 'Salad Oil'],
        ],
      },
      {
        zh: '醬料',
        en: 'Sauces',
        packs: 'sauce',
        products: [
          ['沙茶醬', 'Shacha Sauce'],
          ['辣豆瓣醬', 'Chili Bean Paste'],
          ['甜辣醬', 'Sweet Chili Sauce'],
          ['豆腐乳', 'Fermented Tofu'],
        ],
      },
    ],
  },
  {
    zh: '乾貨',
    en: 'Dry Goods',
    children: [
      {
        zh: '米',
        en: 'Rice',
        packs: 'dry',
        products: [
          ['池上米', 'Chishang Rice'],
          ['台梗九號米', 'Taikeng No. 9 Rice'],
          ['糙米', 'Brown Rice'],
          ['圓糯米', 'Glutinous Rice'],
        ],
      },
      {
        zh: '麵條',
        en: 'Noodles',
        packs: 'dry',
        products: [
          ['關廟麵', 'Guanmiao Noodles'],
          ['手工麵線', 'Handmade Vermicelli'],
          ['刀削麵', 'Knife-cut Noodles'],
          ['米粉', 'Rice Vermicelli'],
          ['冬粉', 'Glass Noodles'],
        ],
      },
      {
        zh: '南北貨',
        en: 'Dried Specialties',
        packs: 'dry',
        products: [
          ['乾香菇', 'Dried Shiitake'],
          ['櫻花蝦', 'Sakura Shrimp'],
          ['金針花', 'Daylily Flowers'],
          ['紅棗', 'Red Dates'],
          ['枸杞', 'Goji Berries'],
        ],
      },
    ],
  },
  {
    zh: '冷凍食品',
    en: 'Frozen Foods',
    children: [
      {
        zh: '水餃',
        en: 'Dumplings',
        packs: 'frozen',
        products: [
          ['高麗菜豬肉水餃', 'Cabbage Pork Dumplings'],
          ['韭菜水餃', 'Chive Dumplings'],
          ['鮮蝦餛飩', 'Shrimp Wontons'],
          ['小籠包', 'Soup Dumplings'],
        ],
      },
      {
        zh: '海鮮',
        en: 'Seafood',
        packs: 'frozen',
        products: [
          ['白蝦', 'White Shrimp'],
          ['虱目魚肚', 'Milkfish Belly'],
          ['透抽', 'Squid'],
          ['鯖魚片', 'Mackerel Fillets'],
        ],
      },
      {
        zh: '點心',
        en: 'Dim Sum',
        packs: 'frozen',
        products: [
          ['蘿蔔糕', 'Turnip Cake'],
          ['芋頭糕', 'Taro Cake'],
          ['珍珠丸子', 'Pearl Meatballs'],
          ['叉燒包', 'BBQ Pork Buns'],
          ['芝麻球', 'Sesame Balls'],
        ],
      },
    ],
  },
  {
    zh: '禮盒',
    en: 'Gift Boxes',
    children: [
      { zh: '節慶禮盒', en: 'Festival Gift Boxes', packs: 'snack', products: [] },
      { zh: '企業禮盒', en: 'Corporate Gift Boxes', packs: 'snack', products: [] },
    ],
  },
];

export const WAREHOUSES = ['桃園大園倉', '新北五股倉', '臺中烏日倉', '高雄岡山倉', '冷凍一倉（桃園）'];

export const BUNDLE_THEMES: [string, string][] = [
  ['春節', 'Lunar New Year'],
  ['中秋', 'Mid-Autumn'],
  ['端午', 'Dragon Boat'],
  ['感恩', 'Thank-you'],
  ['尾牙', 'Year-end Banquet'],
  ['母親節', "Mother's Day"],
  ['父親節', "Father's Day"],
  ['開工', 'New Year Kick-off'],
];
export const BUNDLE_KINDS: [string, string][] = [
  ['茗茶禮盒', 'Tea Gift Box'],
  ['伴手禮盒', 'Souvenir Box'],
  ['團圓禮籃', 'Reunion Hamper'],
  ['調味料組', 'Condiment Set'],
  ['堅果禮盒', 'Nut Gift Box'],
  ['好禮組合', 'Gift Set'],
  ['料理組合', 'Cooking Kit'],
  ['零嘴箱', 'Snack Crate'],
];

// ---------------------------------------------------------------- builders
