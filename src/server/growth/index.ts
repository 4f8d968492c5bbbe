/**
 * The public module of growth/: what other rooms may import (decision record 0038). Every other
 * file of growth/ is its own business.
 */
export { recordPaymentAttribution, recordSignupAttribution } from './attribution';
export { slugsOf } from './landing-data';
