import type { PACKS } from './demo-packs';

/** The demo seed's catalogue: the category tree with each child's kind of packs and its products. */
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
