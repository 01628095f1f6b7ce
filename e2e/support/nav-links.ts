/** The navigation's links below "Needs attention", in their order, as an admin (who sees them all) reads them. */
export const NAV_LINKS = {
  en: [
    'Companies',
    'Products',
    'SKUs',
    'Bundles',
    'Quotas',
    'Imports',
    'Exports',
    'Users',
    'Audit',
    'Settings',
    'Status',
  ],
  'zh-TW': ['公司', '商品', '品項', '組合商品', '額度', '匯入', '匯出', '使用者', '稽核紀錄', '設定', '系統狀態'],
} as const;
