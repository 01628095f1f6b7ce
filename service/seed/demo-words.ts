/** The demo seed's word lists and catalogue (a data table), each kind in a file of its own. */
export { CITIES, SECTIONS, STREETS } from './demo-places';
export {
  COMPANY_FORMS,
  ENGLISH_COMPANIES,
  GIVEN,
  GIVEN_EN,
  NAME_KINDS,
  NAME_STEMS,
  SURNAMES,
  SURNAMES_EN,
} from './demo-names';
export { PACKS, type ProductDef } from './demo-packs';
export { CATEGORY_TREE } from './demo-categories';
export { BUNDLE_KINDS, BUNDLE_THEMES, WAREHOUSES } from './demo-bundles';
