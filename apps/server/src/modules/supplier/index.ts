/** The supplier module's public entry: what other modules may use of it. */
export { supplierList, supplierScope } from './supplier.entities';
