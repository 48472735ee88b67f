// What the orders module offers the others beside its services (decision 0091): orders as the API
// shows them, the condition that leaves drafts out (decision 0030), and the rows and the stock move
// of an order that the driver's delivery marks done in its own transaction (domain.md §2.11).

export { loadOrders } from './order-view.ts';
export {
  findLines,
  findOrder,
  isDraft,
  type LineRow,
  notDraft,
  type OrderRow,
  updateOrder,
} from './orders.queries.ts';
export { moveStock } from './transitions/order-stock.ts';
