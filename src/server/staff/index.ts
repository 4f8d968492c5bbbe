/**
 * The public module of staff/: what other rooms may import (decision record 0038). Every other
 * file of staff/ is its own business.
 */
export { accountMatch } from './account-search';
