export { formatAmount } from '../../lib/format';
