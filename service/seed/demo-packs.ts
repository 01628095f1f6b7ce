/** The demo seed's pack variants per kind of goods (a product takes its kind's packs). */
export interface ProductDef {
  zh: string;
  en: string;
  /** Pack variants: label, unit, a base price, and the quantity precision used for weight units. */
  packs: { label: string; unit: string; price: number; precision?: number }[];
}

/**
 * Pack variants written as `label/unit/price` or `label/unit/price/precision`, separated by commas
 * (labels hold neither a slash nor a comma).
 */
function packs(table: string): ProductDef['packs'] {
  return table.split(', ').map((entry) => {
    const [label, unit, price, precision] = entry.split('/') as [string, string, string, string?];
    return precision === undefined
      ? { label, unit, price: Number(price) }
      : { label, unit, price: Number(price), precision: Number(precision) };
  });
}

export const PACKS = {
  tea: packs(
    '150g 罐裝/罐/480, 300g 袋裝/包/850, 600g 禮盒/盒/1680, 散裝/kg/2400/3, 茶包 50入/盒/320, 整箱 12罐/箱/5400',
  ),
  drink: packs('600ml/瓶/25, 1250ml/瓶/45, 330ml 罐/罐/20, 600ml×24 箱/箱/540, 330ml×24 箱/箱/420, 2L/瓶/65'),
  snack: packs(
    '小包 40g/包/25, 家庭號 300g/包/129, 禮盒 12入/盒/360, 整箱 24包/箱/540, 量販 1kg/袋/299, 散裝秤重/kg/320/2',
  ),
  sauce: packs('500ml/瓶/85, 1L/瓶/150, 5L 桶裝/桶/620, 500ml×12 箱/箱/960, 18L 營業用/桶/1850, 300ml 玻璃瓶/瓶/65'),
  dry: packs(
    '1kg 袋裝/包/95, 3kg 袋裝/包/260, 30kg 營業用/袋/2350, 散裝秤重/kg/90/1, 600g 真空包/包/120, 整箱 10包/箱/900',
  ),
  frozen: packs(
    '50粒裝/包/199, 100粒營業包/包/360, 1kg 真空/包/420, 散裝秤重/kg/380/3, 整箱 10包/箱/1890, 500g 盒裝/盒/230',
  ),
} satisfies Record<string, ProductDef['packs']>;
