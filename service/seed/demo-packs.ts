/** The demo seed's pack variants per kind of goods (a product takes its kind's packs). */
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
