/** The demo seed's places: cities with their districts and area codes, streets, road sections. */
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
