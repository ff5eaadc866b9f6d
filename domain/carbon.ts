// Carbon intensity of delivered hydrogen (issue 22 item 6; the method, its sources and its worked
// examples: docs/carbon.md). One method, in kg CO₂e per kg of H₂ delivered to the buyer:
//
//   total = production + conversion to ammonia + shipping + cracking
//
// `production` is what the lot's Guarantee of Origin states for the plant (well to plant gate);
// `shipping` grows with the sea distance the ammonia travels; conversion and cracking are fixed
// default factors. Every figure is a decimal string computed with big.js, rounded half-up to 3
// decimals at the end only. The RFNBO test is the EU's: at least 70% below the fossil comparator.
import Big from 'big.js';
import { dec, type DecimalInput } from './money.ts';

/** Ammonia carried per kg of hydrogen: NH₃ 17.031 g/mol ÷ 3 × H 1.008 g/mol = 5.632 kg (stoichiometric). */
export const AMMONIA_KG_PER_KG_H2 = '5.632';
/** Haber–Bosch synthesis and air separation: 4.0 kWh per kg H₂ × 0.100 kg CO₂e/kWh = 0.400. */
export const CONVERSION_KG_CO2E_PER_KG_H2 = '0.400';
/** An ammonia carrier: 10 g CO₂e per tonne of ammonia per km (0.010 kg). */
export const SHIPPING_KG_CO2E_PER_TONNE_KM = '0.010';
/** Cracking ammonia back to hydrogen at the port: 10 kWh of heat per kg H₂ × 0.100 kg CO₂e/kWh = 1.000. */
export const CRACKING_KG_CO2E_PER_KG_H2 = '1.000';

/** Fossil fuel comparator of Delegated Regulation (EU) 2023/1185: 94 g CO₂e per MJ. */
export const FOSSIL_COMPARATOR_G_PER_MJ = '94';
/** Lower heating value of hydrogen: 120 MJ per kg. */
export const H2_LHV_MJ_PER_KG = '120';
/** RFNBOs must save at least 70% against the comparator (RED III; Delegated Regulation (EU) 2023/1185). */
export const RFNBO_MIN_SAVING = '0.70';
/** 94 × (1 − 0.70) × 120 / 1000 = 3.384 kg CO₂e per kg H₂: an RFNBO is strictly below. */
export const RFNBO_THRESHOLD = dec(FOSSIL_COMPARATOR_G_PER_MJ)
  .times(dec('1').minus(RFNBO_MIN_SAVING))
  .times(H2_LHV_MJ_PER_KG)
  .div(1000)
  .toFixed(3);

export interface CarbonInputs {
  /** kg CO₂e per kg H₂ at the plant gate, as the Guarantee of Origin states it. */
  productionIntensity: DecimalInput;
  /** Sea distance of the shipment, loading port to unloading port, in km. */
  shippingDistanceKm: DecimalInput | number;
}

export interface CarbonBreakdown {
  production: string;
  conversion: string;
  shipping: string;
  cracking: string;
  /** kg CO₂e per kg H₂ delivered, 3 decimals. */
  total: string;
  /** Saving against the fossil comparator, percent with 1 decimal (may be negative). */
  savingPercent: string;
  rfnbo: boolean;
}

const round3 = (v: Big) => v.round(3, Big.roundHalfUp).toFixed(3);

/** Shipping: distance (km) × ammonia per kg H₂ (t) × CO₂e per tonne-km. */
export function shippingIntensity(distanceKm: DecimalInput | number): Big {
  return dec(String(distanceKm)).times(AMMONIA_KG_PER_KG_H2).div(1000).times(SHIPPING_KG_CO2E_PER_TONNE_KM);
}

/** The delivered intensity and each stage's share (docs/carbon.md). */
export function carbonIntensity(inputs: CarbonInputs): CarbonBreakdown {
  const production = dec(inputs.productionIntensity);
  const shipping = shippingIntensity(inputs.shippingDistanceKm);
  const total = production.plus(CONVERSION_KG_CO2E_PER_KG_H2).plus(shipping).plus(CRACKING_KG_CO2E_PER_KG_H2);
  const rounded = round3(total);
  return {
    production: round3(production),
    conversion: round3(dec(CONVERSION_KG_CO2E_PER_KG_H2)),
    shipping: round3(shipping),
    cracking: round3(dec(CRACKING_KG_CO2E_PER_KG_H2)),
    total: rounded,
    savingPercent: savingPercent(rounded),
    rfnbo: isRfnbo(rounded),
  };
}

/** The fossil comparator per kg of hydrogen: 94 g/MJ × 120 MJ/kg = 11.28 kg CO₂e. */
const FOSSIL_PER_KG_H2 = dec(FOSSIL_COMPARATOR_G_PER_MJ).times(H2_LHV_MJ_PER_KG).div(1000);

/** Saving in percent against the fossil comparator: (1 − total / 11.28) × 100, 1 decimal. */
export function savingPercent(total: DecimalInput): string {
  return dec('1').minus(dec(total).div(FOSSIL_PER_KG_H2)).times(100).round(1, Big.roundHalfUp).toFixed(1);
}

/** The "RFNBO" badge: only strictly below 3.384 kg CO₂e per kg H₂; never for an unknown figure. */
export function isRfnbo(total: DecimalInput | null | undefined): boolean {
  return total !== null && total !== undefined && total !== '' && dec(total).lt(RFNBO_THRESHOLD);
}
