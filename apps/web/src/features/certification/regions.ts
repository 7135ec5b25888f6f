// The address data lives in the contract (the server names places in both languages too).
export {
  CHINA,
  CHINA_PROVINCES,
  COUNTRIES,
  countryLabel,
  placeLabel,
  provinceOf,
  regionLabel,
  type TPlace,
  type TProvince,
} from '@tracehub/contract';
