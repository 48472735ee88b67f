// What other features use of the order steps besides their api (decision 0059: a feature's public
// surface): the calculations page edits its lines, currency and rate by the items step's rules.
export {
  type AmountLine,
  addAmount,
  changeCurrency,
  changeRate,
  removeLine,
  updateLine,
} from './items-draft';
