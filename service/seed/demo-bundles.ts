/** The demo seed's warehouses and the words its bundles are named from. */
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
